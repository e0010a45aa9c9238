//===- MemIntrinsics.cpp - route memcpy/memmove/memset to the runtime -----===//
//
// llvm.memcpy, llvm.memcpy.inline, llvm.memmove, llvm.memset and
// llvm.memset.inline become calls to __sleuth_memcpy / __sleuth_memmove /
// __sleuth_memset, which check both ranges (and overlap for memcpy) before
// doing the work. The element-wise atomic variants and memset.pattern are
// left alone.
//
//===----------------------------------------------------------------------===//
#include "Compat.h"
#include "SleuthPass.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace sleuth {

unsigned replaceMemIntrinsics(Function &F) {
  SmallVector<MemIntrinsic *, 16> Work;
  for (Instruction &I : instructions(F))
    if (auto *MI = dyn_cast<MemIntrinsic>(&I))
      if (!MI->getMetadata("nosanitize"))
        Work.push_back(MI);
  if (Work.empty())
    return 0;

  Module &M = *F.getParent();
  LLVMContext &C = M.getContext();
  IntegerType *IntptrTy = M.getDataLayout().getIntPtrType(C);
  Type *BytePtrTy = pointerTo(Type::getInt8Ty(C));
  Type *Int32Ty = Type::getInt32Ty(C);

  unsigned Replaced = 0;
  for (MemIntrinsic *MI : Work) {
    if (MI->getDestAddressSpace() != 0)
      continue;
    auto *MT = dyn_cast<MemTransferInst>(MI);
    if (MT && MT->getSourceAddressSpace() != 0)
      continue;

    IRBuilder<> IRB(MI);
    IRB.SetCurrentDebugLocation(MI->getDebugLoc());
    Value *Dst = IRB.CreatePointerCast(MI->getRawDest(), BytePtrTy);
    Value *Len = IRB.CreateIntCast(MI->getLength(), IntptrTy, false);
    if (MT) {
      const char *Name =
          isa<MemMoveInst>(MT) ? "__sleuth_memmove" : "__sleuth_memcpy";
      FunctionCallee Fn = M.getOrInsertFunction(Name, BytePtrTy, BytePtrTy,
                                                BytePtrTy, IntptrTy);
      Value *Src = IRB.CreatePointerCast(MT->getRawSource(), BytePtrTy);
      IRB.CreateCall(Fn, {Dst, Src, Len});
    } else if (auto *MS = dyn_cast<MemSetInst>(MI)) {
      FunctionCallee Fn = M.getOrInsertFunction(
          "__sleuth_memset", BytePtrTy, BytePtrTy, Int32Ty, IntptrTy);
      Value *Byte = IRB.CreateIntCast(MS->getValue(), Int32Ty, false);
      IRB.CreateCall(Fn, {Dst, Byte, Len});
    } else {
      continue;
    }
    MI->eraseFromParent();
    ++Replaced;
  }
  return Replaced;
}

} // namespace sleuth
