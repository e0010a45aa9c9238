//===- ByvalCopies.cpp - struct arguments passed by value into the frame --===//
//
// A struct passed by value (`byval`) lives in the caller's outgoing argument
// area: the callee gets a pointer to it, and there is no room for redzones
// around it. An overflow of the callee's copy then lands in the caller's
// frame unseen, and a pointer to it kept past the return is never a
// use-after-return. So each used byval argument is copied into a local of
// the callee (as ASan does), which the stack layout then gives redzones and,
// with detect_stack_use_after_return, a fake-stack slot like any local.
//
//===----------------------------------------------------------------------===//
#include "Compat.h"
#include "SleuthPass.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace sleuth {

unsigned copyByvalArguments(Function &F) {
  const DataLayout &DL = F.getParent()->getDataLayout();
  BasicBlock &Entry = F.getEntryBlock();
  // Allocas first, then the copies: the stack layout only merges the
  // entry block's static allocas, and puts its frame above both.
  IRBuilder<> IRB(&Entry, Entry.getFirstInsertionPt());
  unsigned Copied = 0;
  for (Argument &Arg : F.args()) {
    if (!Arg.hasByValAttr() || Arg.use_empty() ||
        Arg.getType()->getPointerAddressSpace() != 0)
      continue;
    Type *Ty = Arg.getParamByValType();
    if (!Ty || !Ty->isSized())
      continue;
    TypeSize Size = DL.getTypeAllocSize(Ty);
    if (Size.isScalable() || Size.getFixedValue() == 0)
      continue;
    MaybeAlign Given = Arg.getParamAlign();
    Align A = Given ? *Given : DL.getPrefTypeAlign(Ty);
    AllocaInst *Copy = IRB.CreateAlloca(Ty, nullptr, Arg.getName() + ".byval");
    Copy->setAlignment(A);
    Arg.replaceAllUsesWith(
        IRB.CreatePointerCast(Copy, Arg.getType())); // debug records too
    // The caller's copy is whole and valid: no check on this memcpy.
    CallInst *MC = IRB.CreateMemCpy(Copy, A, &Arg, A, Size.getFixedValue());
    MC->setMetadata("nosanitize", MDNode::get(F.getContext(), {}));
    ++Copied;
  }
  return Copied;
}

} // namespace sleuth
