//===- DynamicAllocas.cpp - redzones around VLAs and alloca() -------------===//
//
// Every alloca that is not a static entry-block one (VLAs, alloca(), allocas
// of constant size outside the entry block) is made bigger:
//
//   [base, base+A)           A = max(32, the alloca's alignment); the last
//                            32 bytes are the left redzone (ca)
//   [base+A, base+A+N)       the object (a partial last granule gets k)
//   up to the next multiple of 32, then 32 more bytes: right redzone (cb)
//
// __sleuth_alloca_poison writes that shadow; the base of the newest one is
// kept in a slot of the fixed frame. Dynamic allocas lie below the fixed
// frame, so before every `ret`/`resume` [newest base, slot) is unpoisoned,
// and before each llvm.stackrestore (a VLA's scope ends, e.g. once per loop
// iteration) [newest base, restored sp) is. Frames abandoned by longjmp or a
// throw are unpoisoned by __sleuth_handle_no_return / the runtime's
// interceptors, as for static redzones.
//
// Not done: functions calling returns_twice functions (setjmp, vfork), with
// musttail calls or funclet EH, as in StackLayout.cpp; inalloca, swifterror
// and non-zero address spaces.
//
//===----------------------------------------------------------------------===//
#include "Compat.h"
#include "SleuthPass.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace sleuth {

namespace {
constexpr uint64_t AllocaRZ = 32;
} // namespace

unsigned instrumentDynamicAllocas(Function &F,
                                  function_ref<void()> BeforeChange) {
  if (F.callsFunctionThatReturnsTwice())
    return 0;
  SmallVector<AllocaInst *, 4> Allocas;
  SmallVector<Instruction *, 8> Exits;
  SmallVector<IntrinsicInst *, 4> Restores;
  for (Instruction &I : instructions(F)) {
    if (auto *AI = dyn_cast<AllocaInst>(&I)) {
      if (!AI->isStaticAlloca() && !AI->isSwiftError() &&
          !AI->isUsedWithInAlloca() && AI->getType()->getAddressSpace() == 0 &&
          AI->getAllocatedType()->isSized() &&
          !isa<ScalableVectorType>(AI->getAllocatedType()))
        Allocas.push_back(AI);
    } else if (isa<ReturnInst>(I) || isa<ResumeInst>(I)) {
      Exits.push_back(&I);
    } else if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
      if (II->getIntrinsicID() == Intrinsic::stackrestore)
        Restores.push_back(II);
    } else if (I.isEHPad() && !isa<LandingPadInst>(I)) {
      return 0; // funclet-based EH
    } else if (auto *CI = dyn_cast<CallInst>(&I)) {
      if (CI->isMustTailCall())
        return 0; // nothing may sit between it and its ret
    }
  }
  if (Allocas.empty())
    return 0;
  BeforeChange();

  Module &M = *F.getParent();
  const DataLayout &DL = M.getDataLayout();
  LLVMContext &C = M.getContext();
  IntegerType *IntptrTy = DL.getIntPtrType(C);
  Type *I8 = Type::getInt8Ty(C);
  Type *VoidTy = Type::getVoidTy(C);
  FunctionCallee Poison = M.getOrInsertFunction("__sleuth_alloca_poison",
                                                VoidTy, IntptrTy, IntptrTy);
  FunctionCallee Unpoison = M.getOrInsertFunction("__sleuth_allocas_unpoison",
                                                  VoidTy, IntptrTy, IntptrTy);

  // The slot holding the newest dynamic alloca's base (0: none yet).
  BasicBlock &Entry = F.getEntryBlock();
  IRBuilder<> EB(&Entry, Entry.getFirstInsertionPt());
  AllocaInst *Slot = EB.CreateAlloca(IntptrTy, nullptr, "sleuth.dyn_newest");
  Slot->setAlignment(Align(AllocaRZ));
  EB.CreateStore(ConstantInt::get(IntptrTy, 0), Slot);

  for (AllocaInst *AI : Allocas) {
    IRBuilder<> IRB(AI);
    IRB.SetCurrentDebugLocation(AI->getDebugLoc());
    uint64_t A = AI->getAlign().value() > AllocaRZ ? AI->getAlign().value()
                                                    : AllocaRZ;
    uint64_t ElemSize = DL.getTypeAllocSize(AI->getAllocatedType());
    Value *Count = IRB.CreateZExtOrTrunc(AI->getArraySize(), IntptrTy);
    Value *Size = IRB.CreateMul(Count, ConstantInt::get(IntptrTy, ElemSize));
    // Size + A (left) + padding to 32 + 32 (right).
    Value *Padded = IRB.CreateAnd(
        IRB.CreateAdd(Size, ConstantInt::get(IntptrTy, AllocaRZ - 1)),
        ConstantInt::get(IntptrTy, ~(AllocaRZ - 1)));
    Value *Total = IRB.CreateAdd(Padded, ConstantInt::get(IntptrTy, A + AllocaRZ));
    AllocaInst *New = IRB.CreateAlloca(I8, Total);
    New->setAlignment(Align(A));
    Value *Base = IRB.CreatePtrToInt(New, IntptrTy);
    Value *Obj = IRB.CreateAdd(Base, ConstantInt::get(IntptrTy, A));
    IRB.CreateCall(Poison, {Obj, Size});
    IRB.CreateStore(Base, Slot);
    Value *P = IRB.CreateIntToPtr(Obj, AI->getType());
    P->takeName(AI);
    AI->replaceAllUsesWith(P);
    AI->eraseFromParent();
  }

  auto UnpoisonBefore = [&](Instruction *I, Value *Bottom) {
    IRBuilder<> IRB(I);
    IRB.SetCurrentDebugLocation(I->getDebugLoc());
    IRB.CreateCall(Unpoison, {IRB.CreateLoad(IntptrTy, Slot), Bottom});
  };
  for (Instruction *T : Exits)
    UnpoisonBefore(T, IRBuilder<>(T).CreatePtrToInt(Slot, IntptrTy));
  // x86_64's dynamic area starts at the stack pointer (offset 0).
  for (IntrinsicInst *R : Restores)
    UnpoisonBefore(R, IRBuilder<>(R).CreatePtrToInt(R->getArgOperand(0),
                                                    IntptrTy));
  return Allocas.size();
}

} // namespace sleuth
