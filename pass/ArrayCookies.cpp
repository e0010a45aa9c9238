//===- ArrayCookies.cpp - the element count in front of new T[n] ----------===//
//
// For `new T[n]` of a type with a non-trivial destructor the Itanium C++ ABI
// allocates 8 bytes more and stores n there (the array cookie); delete[]
// reads it back to run n destructors. A write to the cookie (an underflow of
// the array by up to 8 bytes) corrupts that count, yet lies inside the heap
// block, where no redzone is. As ASan does with poison_array_cookie, the
// cookie is poisoned once it is written, and delete[]'s own read of it goes
// through the runtime, which also returns 0 for an already freed array (so
// a double delete[] runs no destructors over freed memory and is reported
// by the allocator as a double-free).
//
// clang only emits cookie hooks under -fsanitize=address, so they are found
// in the IR: an 8-byte store of the count to the result of operator new[]
// whose size is count * element size + 8 and whose result + 8 is used, and
// an 8-byte load of the address that is then passed to operator delete[].
// That address is clang's `array - 8`: 8 bytes before some pointer, or,
// once optimisation folded the -8 into new[]'s +8, the start of a block
// this function allocated with a cookie. Any other address handed to
// delete[] is an array without a cookie (`new int64_t[n]`), and a load of
// it is the program's own (`data[0]` after `delete[] data`: a use after
// free that must stay checked).
//
//===----------------------------------------------------------------------===//
#include "Compat.h"
#include "SleuthPass.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace sleuth {

namespace {

constexpr uint64_t CookieSize = 8;

/// operator new[] and delete[] with the 8-byte cookie at the block's start
/// (the over-aligned variants put it elsewhere and are left alone).
bool isArrayNew(const Function *F) {
  return F && (F->getName() == "_Znam" || F->getName() == "_ZnamRKSt9nothrow_t");
}
bool isArrayDelete(const Function *F) {
  return F && (F->getName() == "_ZdaPv" || F->getName() == "_ZdaPvm" ||
               F->getName() == "_ZdaPvRKSt9nothrow_t");
}

/// Whether Size, operator new[]'s argument, is Count * element size + 8:
/// for constants checked by arithmetic, otherwise by finding Count as a
/// factor of a multiplication in Size's expression (clang emits
/// umul/uadd.with.overflow, or mul/shl and add once folded).
bool sizeCountsElements(Value *Size, Value *Count, unsigned Depth = 0) {
  auto *CS = dyn_cast<ConstantInt>(Size);
  auto *CN = dyn_cast<ConstantInt>(Count);
  if (CS && CN) {
    uint64_t S = CS->getZExtValue(), N = CN->getZExtValue();
    return N == 0 ? S == CookieSize
                  : S > CookieSize && (S - CookieSize) % N == 0;
  }
  if (Depth > 8)
    return false;
  auto *I = dyn_cast<Instruction>(Size);
  if (!I)
    return false;
  if (I->getOpcode() == Instruction::Mul || I->getOpcode() == Instruction::Shl)
    if (I->getOperand(0) == Count ||
        (I->getOpcode() == Instruction::Mul && I->getOperand(1) == Count))
      return true;
  if (auto *II = dyn_cast<IntrinsicInst>(I))
    if (II->getIntrinsicID() == Intrinsic::umul_with_overflow &&
        (II->getArgOperand(0) == Count || II->getArgOperand(1) == Count))
      return true;
  for (Value *Op : I->operands())
    if (sizeCountsElements(Op, Count, Depth + 1))
      return true;
  return false;
}

/// The cookie store of the new[] call NewCall, or null: an 8-byte store of
/// the count at offset 0, with the array (offset 8) used too.
StoreInst *cookieStoreOf(CallBase &NewCall, const DataLayout &DL) {
  StoreInst *Store = nullptr;
  bool ArrayUsed = false;
  SmallVector<Value *, 4> Work{&NewCall};
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    for (User *U : V->users()) {
      if (isa<BitCastInst>(U)) {
        Work.push_back(U);
      } else if (auto *SI = dyn_cast<StoreInst>(U)) {
        if (SI->getPointerOperand() == V && !SI->isVolatile() &&
            DL.getTypeStoreSize(SI->getValueOperand()->getType()) ==
                CookieSize &&
            SI->getValueOperand()->getType()->isIntegerTy())
          Store = SI;
      } else if (auto *GEP = dyn_cast<GetElementPtrInst>(U)) {
        APInt Off(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
        if (GEP->accumulateConstantOffset(DL, Off) && Off == CookieSize)
          ArrayUsed = true;
      }
    }
  }
  if (!Store || !ArrayUsed ||
      !sizeCountsElements(NewCall.getArgOperand(0), Store->getValueOperand()))
    return nullptr;
  return Store;
}

/// Whether V is the start of a block that a new[] of this function (one of
/// WithCookie) allocated with a cookie, directly or through phis and
/// selects of such blocks (and of null: a nothrow new[] that failed).
bool startsCookieBlock(const Value *V,
                       const SmallPtrSetImpl<const Value *> &WithCookie,
                       unsigned Depth = 0) {
  V = V->stripPointerCasts();
  if (WithCookie.count(V))
    return true;
  if (Depth > 4)
    return false;
  SmallVector<const Value *, 4> Incoming;
  if (auto *Phi = dyn_cast<PHINode>(V))
    Incoming.append(Phi->incoming_values().begin(),
                    Phi->incoming_values().end());
  else if (auto *Sel = dyn_cast<SelectInst>(V))
    Incoming = {Sel->getTrueValue(), Sel->getFalseValue()};
  else
    return false;
  bool Any = false;
  for (const Value *In : Incoming) {
    if (isa<ConstantPointerNull>(In->stripPointerCasts()))
      continue;
    if (In->stripPointerCasts() == V ||
        !startsCookieBlock(In, WithCookie, Depth + 1))
      return false;
    Any = true;
  }
  return Any;
}

} // namespace

unsigned instrumentArrayCookies(Function &F) {
  Module &M = *F.getParent();
  const DataLayout &DL = M.getDataLayout();
  LLVMContext &C = M.getContext();
  IntegerType *IntptrTy = DL.getIntPtrType(C);

  SmallVector<std::pair<CallBase *, StoreInst *>, 4> News;
  SmallVector<CallBase *, 4> Deletes;
  for (Instruction &I : instructions(F)) {
    auto *CB = dyn_cast<CallBase>(&I);
    if (!CB)
      continue;
    Function *Callee = CB->getCalledFunction();
    if (isArrayNew(Callee)) {
      if (StoreInst *SI = cookieStoreOf(*CB, DL))
        News.push_back({CB, SI});
    } else if (isArrayDelete(Callee)) {
      Deletes.push_back(CB);
    }
  }
  if (News.empty() && Deletes.empty())
    return 0;

  unsigned Changed = 0;
  MDNode *NoSanitize = MDNode::get(C, {});
  FunctionCallee Poison = M.getOrInsertFunction(
      "__sleuth_poison_array_cookie", Type::getVoidTy(C), IntptrTy);
  for (auto &[NewCall, Store] : News) {
    IRBuilder<> IRB(Store->getNextNode());
    IRB.SetCurrentDebugLocation(Store->getDebugLoc());
    IRB.CreateCall(Poison, {IRB.CreatePtrToInt(NewCall, IntptrTy)})
        ->setMetadata("nosanitize", NoSanitize);
    ++Changed;
  }

  // delete[]'s read of the count: an 8-byte integer load of the very
  // address (same base, same constant offset) handed to operator delete[],
  // when that address is a cookie's (see the top of the file).
  SmallPtrSet<const Value *, 4> WithCookie;
  for (auto &[NewCall, Store] : News)
    WithCookie.insert(NewCall);
  SmallVector<std::pair<const Value *, int64_t>, 4> Freed;
  for (CallBase *CB : Deletes) {
    int64_t Off = 0;
    const Value *Base =
        GetPointerBaseWithConstantOffset(CB->getArgOperand(0), Off, DL);
    if (Off == -int64_t(CookieSize) ||
        (Off == 0 && startsCookieBlock(Base, WithCookie)))
      Freed.push_back({Base, Off});
  }
  SmallVector<LoadInst *, 4> CookieLoads;
  for (Instruction &I : instructions(F)) {
    auto *LI = dyn_cast<LoadInst>(&I);
    if (!LI || LI->isVolatile() || !LI->getType()->isIntegerTy(64))
      continue;
    int64_t Off = 0;
    const Value *Base =
        GetPointerBaseWithConstantOffset(LI->getPointerOperand(), Off, DL);
    for (auto &[B, O] : Freed)
      if (B == Base && O == Off) {
        CookieLoads.push_back(LI);
        break; // one entry per load, however many delete[]s share it
      }
  }
  FunctionCallee Load = M.getOrInsertFunction(
      "__sleuth_load_array_cookie", Type::getInt64Ty(C), IntptrTy);
  for (LoadInst *LI : CookieLoads) {
    IRBuilder<> IRB(LI);
    IRB.SetCurrentDebugLocation(LI->getDebugLoc());
    CallInst *Call = IRB.CreateCall(
        Load, {IRB.CreatePtrToInt(LI->getPointerOperand(), IntptrTy)});
    Call->setMetadata("nosanitize", NoSanitize);
    LI->replaceAllUsesWith(Call);
    LI->eraseFromParent();
    ++Changed;
  }
  return Changed;
}

} // namespace sleuth
