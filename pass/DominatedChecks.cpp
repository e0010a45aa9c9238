//===- DominatedChecks.cpp - drop checks an earlier check in another block made
//
// collect() drops a check made redundant by an earlier one in the same
// block. Across blocks the same holds when the earlier check dominates the
// later one and nothing between them can change the shadow: no call
// (intrinsics aside; lifetime markers count as calls, for use-after-scope),
// no dynamic alloca and no stacksave/stackrestore (the runtime re-poisons
// the stack there) on any path from the one to the other (ShadowPaths;
// in a function with none of these at all, nothing needs looking at).
// Another thread may change the shadow in between, which the in-block
// rule does not guard against either.
//
// A check of access B is dropped if some other access A from the same base
// pointer (constant offsets and casts stripped: p, p->b, (char *)p + 4)
// dominates it and covers it (checkCovers, AccessInstrumenter.cpp): B's
// bytes lie within A's, A's check tests every byte of A (aligned accesses,
// unaligned ones of at most 8 bytes, range checks), and a store covers a
// load (a load does not cover a store, whose report names a write). An
// 8-byte read of *p thus checks a later read of p->b at p + 4. B's bytes
// were then checked by A's check, or, if A's check itself was dropped or
// is done by a versioned loop's range query, by the check that covers A
// (domination and covering are both transitive). If B's bytes are bad, so
// are A's: A reports first, at its own line and with its own size.
//
//===----------------------------------------------------------------------===//
#include "DominatedChecks.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <algorithm>

using namespace llvm;

namespace sleuth {

bool mayChangeShadow(const Instruction &I) {
  if (const auto *AI = dyn_cast<AllocaInst>(&I))
    return !AI->isStaticAlloca();
  const auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return false;
  const auto *II = dyn_cast<IntrinsicInst>(CB);
  if (!II)
    // A call that frees nothing (so poisons nothing: the runtime's
    // poisoning entry points carry no `nofree`, nor does anything that
    // calls them) and does not synchronise with other threads (so no other
    // thread frees in between without a data race) leaves the shadow of
    // what was addressable as it was. LLVM infers both for library
    // functions (strlen, memcmp) and for functions whose callees have them.
    return !(CB->hasFnAttr(Attribute::NoFree) &&
             CB->hasFnAttr(Attribute::NoSync));
  switch (II->getIntrinsicID()) {
  case Intrinsic::lifetime_start:
  case Intrinsic::lifetime_end:
  case Intrinsic::stacksave:
  case Intrinsic::stackrestore:
    return true;
  default:
    return false;
  }
}


namespace {

/// Whether nothing may change the shadow on any path from A to B, where A
/// dominates B in another block: after A in A's block, before B in B's,
/// and in every block a path from A's block reaches B's block through
/// (found backwards from B's block, stopping at A's: a path through A's
/// block runs A, and its check, again). If B's block lies on such a path
/// itself (a loop), it must be clean whole. At most MaxBlocks blocks are
/// looked at; beyond that, the answer is no.
class ShadowPaths {
public:
  explicit ShadowPaths(const Function &F) {
    for (const BasicBlock &BB : F)
      for (const Instruction &I : BB)
        if (mayChangeShadow(I)) {
          Dirty.insert(&BB);
          break;
        }
  }
  bool anyDirty() const { return !Dirty.empty(); }

  bool cleanBetween(const Instruction *A, const Instruction *B) const {
    const BasicBlock *X = A->getParent(), *Y = B->getParent();
    if (X == Y) {
      for (const Instruction *I = A->getNextNode(); I && I != B;
           I = I->getNextNode())
        if (mayChangeShadow(*I))
          return false;
      return true;
    }
    if (Dirty.count(X))
      for (const Instruction *I = A->getNextNode(); I; I = I->getNextNode())
        if (mayChangeShadow(*I))
          return false;
    if (Dirty.count(Y))
      for (const Instruction &I : *Y) {
        if (&I == B)
          break;
        if (mayChangeShadow(I))
          return false;
      }
    const unsigned MaxBlocks = 64;
    SmallPtrSet<const BasicBlock *, 16> Seen;
    SmallVector<const BasicBlock *, 16> Work(pred_begin(Y), pred_end(Y));
    while (!Work.empty()) {
      const BasicBlock *BB = Work.pop_back_val();
      if (BB == X || !Seen.insert(BB).second)
        continue;
      if (Seen.size() > MaxBlocks || Dirty.count(BB))
        return false;
      Work.append(pred_begin(BB), pred_end(BB));
    }
    return true;
  }

private:
  SmallPtrSet<const BasicBlock *, 16> Dirty;
};

} // namespace

unsigned dropDominatedChecks(Function &F, FunctionAnalysisManager &FAM,
                             SmallVectorImpl<MemAccess> &Accesses) {
  if (Accesses.size() < 2)
    return 0;
  ShadowPaths Paths(F);
  const DataLayout &DL = F.getParent()->getDataLayout();
  SmallVector<AccessSpan, 32> Spans;
  DenseMap<const Value *, SmallVector<unsigned, 4>> ByBase;
  for (unsigned Idx = 0; Idx < Accesses.size(); ++Idx) {
    Spans.push_back(accessSpan(Accesses[Idx], DL));
    ByBase[Spans.back().Base].push_back(Idx);
  }

  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  SmallVector<bool, 32> Drop(Accesses.size(), false);
  unsigned Dropped = 0;
  for (auto &Entry : ByBase) {
    ArrayRef<unsigned> Same = Entry.second;
    if (Same.size() < 2)
      continue;
    // Bounded work for a base with very many accesses: each is compared
    // with at most MaxCompared others.
    const size_t MaxCompared = 64;
    for (size_t J = 0; J < Same.size(); ++J) {
      unsigned B = Same[J];
      size_t From = J > MaxCompared / 2 ? J - MaxCompared / 2 : 0;
      size_t To = std::min(Same.size(), From + MaxCompared);
      for (size_t K = From; K < To; ++K) {
        unsigned A = Same[K];
        if (A != B &&
            checkCovers(Accesses[A], Spans[A], Accesses[B], Spans[B]) &&
            DT.dominates(Accesses[A].I, Accesses[B].I) &&
            (!Paths.anyDirty() ||
             Paths.cleanBetween(Accesses[A].I, Accesses[B].I))) {
          Drop[B] = true;
          ++Dropped;
          break;
        }
      }
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
