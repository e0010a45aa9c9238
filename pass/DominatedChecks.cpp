//===- DominatedChecks.cpp - drop checks an earlier check in another block made
//
// collect() drops a check made redundant by an earlier one in the same
// block. Across blocks the same holds when the earlier check dominates the
// later one and nothing between them can change the shadow. That is only
// easy to know for the whole function, so this runs only on functions with
// no call at all (intrinsics aside; lifetime markers count as calls, for
// use-after-scope), no dynamic alloca and no stacksave/stackrestore (the
// runtime re-poisons the stack there): a leaf function's shadow cannot
// change while it runs, except by another thread, which the in-block rule
// does not guard against either.
//
// A check of access B is dropped if some other access A with the same
// address (through casts) dominates it and covers it: A is at least as wide,
// and a store covers a load (a load does not cover a store, whose report
// names a write). B's bytes were then checked by A's check, or, if A's check
// itself was dropped or is done by a versioned loop's range query, by the
// check that covers A (domination and covering are both transitive).
//
//===----------------------------------------------------------------------===//
#include "DominatedChecks.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace sleuth {

namespace {

/// Whether the shadow of memory F can reach may change while F runs.
bool mayChangeShadow(const Function &F) {
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB) {
      if (const auto *AI = dyn_cast<AllocaInst>(&I)) {
        if (!AI->isStaticAlloca())
          return true;
        continue;
      }
      const auto *CB = dyn_cast<CallBase>(&I);
      if (!CB)
        continue;
      const auto *II = dyn_cast<IntrinsicInst>(CB);
      if (!II)
        return true;
      switch (II->getIntrinsicID()) {
      case Intrinsic::lifetime_start:
      case Intrinsic::lifetime_end:
      case Intrinsic::stacksave:
      case Intrinsic::stackrestore:
        return true;
      default:
        break;
      }
    }
  return false;
}

bool covers(const MemAccess &A, const MemAccess &B) {
  return A.Size >= B.Size && (A.IsWrite || !B.IsWrite);
}

} // namespace

unsigned dropDominatedChecks(Function &F, FunctionAnalysisManager &FAM,
                             SmallVectorImpl<MemAccess> &Accesses) {
  if (Accesses.size() < 2 || mayChangeShadow(F))
    return 0;
  DenseMap<const Value *, SmallVector<unsigned, 4>> ByAddress;
  for (unsigned Idx = 0; Idx < Accesses.size(); ++Idx)
    ByAddress[Accesses[Idx].Ptr->stripPointerCasts()].push_back(Idx);

  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  SmallVector<bool, 32> Drop(Accesses.size(), false);
  unsigned Dropped = 0;
  for (auto &Entry : ByAddress) {
    ArrayRef<unsigned> Same = Entry.second;
    if (Same.size() < 2)
      continue;
    for (unsigned B : Same)
      for (unsigned A : Same)
        if (A != B && covers(Accesses[A], Accesses[B]) &&
            DT.dominates(Accesses[A].I, Accesses[B].I)) {
          Drop[B] = true;
          ++Dropped;
          break;
        }
  }
  if (!Dropped)
    return 0;
  SmallVector<MemAccess, 32> Kept;
  for (unsigned Idx = 0; Idx < Accesses.size(); ++Idx)
    if (!Drop[Idx])
      Kept.push_back(Accesses[Idx]);
  Accesses.assign(Kept.begin(), Kept.end());
  return Dropped;
}

} // namespace sleuth
