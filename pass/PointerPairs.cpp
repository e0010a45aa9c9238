//===- PointerPairs.cpp - relational compares and differences of pointers -===//
//
// -fsanitize=pointer-compare / pointer-subtract (sleuth-cc turns them into
// the pass options pointer_compare / pointer_subtract): before each
// relational comparison of two pointers (icmp ult/ule/ugt/uge/slt/...;
// == and != are defined between any two pointers) and each subtraction of
// two pointers (a `sub` of two ptrtoint values), a call hands both to the
// runtime, which reports invalid-pointer-pair when they do not point into
// the same object (detect_invalid_pointer_pairs at run time, as ASan's
// -asan-detect-invalid-pointer-pair). The operands are the same values the
// instruction uses; nothing else of the function changes.
//
//===----------------------------------------------------------------------===//
#include "Compat.h"
#include "SleuthPass.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace sleuth {

static bool isPointerOperand(Value *V) {
  return V->getType()->isPointerTy() || isa<PtrToIntInst>(V);
}

unsigned instrumentPointerPairs(Function &F, bool Compare, bool Subtract) {
  if (!Compare && !Subtract)
    return 0;
  SmallVector<Instruction *, 16> Work;
  for (Instruction &I : instructions(F)) {
    if (I.getMetadata("nosanitize"))
      continue;
    bool Wanted = false;
    if (auto *Cmp = dyn_cast<ICmpInst>(&I))
      Wanted = Compare && Cmp->isRelational();
    else if (auto *BO = dyn_cast<BinaryOperator>(&I))
      Wanted = Subtract && BO->getOpcode() == Instruction::Sub;
    // Vectors of pointers (a vectorised loop) are left alone.
    if (Wanted && !I.getOperand(0)->getType()->isVectorTy() &&
        isPointerOperand(I.getOperand(0)) && isPointerOperand(I.getOperand(1)))
      Work.push_back(&I);
  }
  if (Work.empty())
    return 0;
  Module &M = *F.getParent();
  LLVMContext &C = M.getContext();
  IntegerType *IntptrTy = M.getDataLayout().getIntPtrType(C);
  Type *VoidTy = Type::getVoidTy(C);
  FunctionCallee CmpFn =
      M.getOrInsertFunction("__sleuth_ptr_cmp", VoidTy, IntptrTy, IntptrTy);
  FunctionCallee SubFn =
      M.getOrInsertFunction("__sleuth_ptr_sub", VoidTy, IntptrTy, IntptrTy);
  for (Instruction *I : Work) {
    IRBuilder<> IRB(I);
    IRB.SetCurrentDebugLocation(I->getDebugLoc());
    Value *Args[2] = {I->getOperand(0), I->getOperand(1)};
    for (Value *&A : Args)
      A = A->getType()->isPointerTy() ? IRB.CreatePointerCast(A, IntptrTy)
                                      : IRB.CreateZExtOrTrunc(A, IntptrTy);
    IRB.CreateCall(isa<ICmpInst>(I) ? CmpFn : SubFn, Args);
  }
  return Work.size();
}

} // namespace sleuth
