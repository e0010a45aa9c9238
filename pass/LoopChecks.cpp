//===- LoopChecks.cpp - one range check per loop instead of per iteration -===//
//
// Conditions, all required (correctness first):
//  - the loop is innermost, has a preheader, and its only exiting block is
//    its latch, with an exact backedge-taken count BTC from SCEV: the body
//    runs BTC + 1 times once the preheader runs;
//  - the loop contains no call other than non-lifetime intrinsics, so
//    nothing can free or re-poison memory while it runs;
//  - the access's block dominates the latch, so it runs on every iteration;
//  - its address is an affine SCEV {Start,+,Step} of this loop with a
//    constant Step, or loop-invariant;
//  - accesses with the same loop, step and kind whose starts are a constant
//    distance apart form a group (e.g. the interleaved parts of a vectorised
//    loop, or a stencil's neighbours); a cluster of them whose bytes form a
//    gap-free interval of at least |Step| bytes per iteration is hoisted, so
//    every byte of the checked range is really accessed (a gap could be
//    legitimately poisoned, e.g. a pool's free slots);
//  - Start and Start + Step * BTC can be expanded safely in the preheader.
// The range check then reports exactly the bytes the loop would touch, just
// earlier. It carries the access's debug location.
//
//===----------------------------------------------------------------------===//
#include "LoopChecks.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <cstdlib>
#include <type_traits>

using namespace llvm;

namespace sleuth {

namespace {

bool hasCalls(const Loop &L) {
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB) {
      const auto *CB = dyn_cast<CallBase>(&I);
      if (!CB)
        continue;
      const auto *II = dyn_cast<IntrinsicInst>(CB);
      if (!II || II->getIntrinsicID() == Intrinsic::lifetime_start ||
          II->getIntrinsicID() == Intrinsic::lifetime_end)
        return true;
    }
  return false;
}

/// The exact backedge-taken count of L if L qualifies, else null.
const SCEV *countedLoopBTC(Loop &L, ScalarEvolution &SE) {
  if (!L.isInnermost() || !L.getLoopPreheader() || !L.getLoopLatch() ||
      L.getExitingBlock() != L.getLoopLatch() || hasCalls(L))
    return nullptr;
  const SCEV *BTC = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(BTC))
    return nullptr;
  return BTC;
}

bool safeToExpandAt(const SCEV *S, Instruction *At, ScalarEvolution &SE,
                    SCEVExpander &Exp) {
#if LLVM_VERSION_MAJOR >= 16
  (void)SE;
  return Exp.isSafeToExpandAt(S, At);
#else
  (void)Exp;
  return isSafeToExpandAt(S, At, SE);
#endif
}

// SCEVExpander lost its DataLayout parameter around LLVM 21; pick whichever
// constructor this LLVM has.
template <typename E = SCEVExpander>
std::enable_if_t<std::is_constructible<E, ScalarEvolution &, const DataLayout &,
                                       const char *>::value,
                 E>
makeExpander(ScalarEvolution &SE, const DataLayout &DL) {
  return E(SE, DL, "sleuth");
}
template <typename E = SCEVExpander>
std::enable_if_t<!std::is_constructible<E, ScalarEvolution &,
                                        const DataLayout &, const char *>::value,
                 E>
makeExpander(ScalarEvolution &SE, const DataLayout &) {
  return E(SE, "sleuth");
}

struct Candidate {
  unsigned Index;     // into Accesses
  Loop *L;
  const SCEV *BTC;
  const SCEV *Start;  // address on the first iteration
  int64_t Step;       // bytes per iteration
  int64_t Offset = 0; // from the group's anchor Start
};

/// Emits, in L's preheader, the range check for the bytes [Lo, Hi) relative
/// to the anchor's address, over all iterations. False if the bounds cannot
/// be computed there.
bool emitHoistedCheck(const Candidate &Anchor, int64_t Lo, int64_t Hi,
                      const MemAccess &AA, ScalarEvolution &SE,
                      const DataLayout &DL, SCEVExpander &Expander,
                      AccessInstrumenter &AI) {
  const SCEV *First = Anchor.Start;
  const SCEV *Last = First;
  int64_t Step = Anchor.Step;
  if (Step != 0) {
    Type *StepTy = DL.getIndexType(First->getType());
    const SCEV *Iters = SE.getTruncateOrZeroExtend(Anchor.BTC, StepTy);
    Last = SE.getAddExpr(
        First, SE.getMulExpr(SE.getConstant(StepTy, Step, true), Iters));
  }
  Instruction *At = Anchor.L->getLoopPreheader()->getTerminator();
  if (!safeToExpandAt(First, At, SE, Expander) ||
      !safeToExpandAt(Last, At, SE, Expander))
    return false;
  Value *FirstV = Expander.expandCodeFor(First, First->getType(), At);
  Value *LastV = Last == First
                     ? FirstV
                     : Expander.expandCodeFor(Last, Last->getType(), At);
  IntegerType *IntptrTy = AI.intptrTy();
  IRBuilder<> IRB(At);
  IRB.SetCurrentDebugLocation(AA.I->getDebugLoc());
  Value *FirstI = IRB.CreatePtrToInt(FirstV, IntptrTy);
  Value *LastI = IRB.CreatePtrToInt(LastV, IntptrTy);
  // Bytes touched: [min(First, Last) + Lo, max(First, Last) + Hi).
  Value *Low = Step >= 0 ? FirstI : LastI;
  Value *High = Step >= 0 ? LastI : FirstI;
  Value *Begin = IRB.CreateAdd(Low, ConstantInt::get(IntptrTy, Lo, true));
  Value *Size = IRB.CreateAdd(IRB.CreateSub(High, Low),
                              ConstantInt::get(IntptrTy, Hi - Lo));
  AI.emitRangeCheck(IRB, Begin, Size, AA.IsWrite);
  return true;
}

} // namespace

unsigned hoistLoopChecks(Function &F, FunctionAnalysisManager &FAM,
                         AccessInstrumenter &AI,
                         SmallVectorImpl<MemAccess> &Accesses) {
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  if (LI.empty())
    return 0;
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  const DataLayout &DL = F.getParent()->getDataLayout();

  // 1. Candidates: accesses on every iteration of a qualifying loop whose
  //    address is loop-invariant or affine with a constant step.
  DenseMap<Loop *, const SCEV *> BTCs; // null: loop does not qualify
  SmallVector<Candidate, 16> Cands;
  for (unsigned Idx = 0; Idx < Accesses.size(); ++Idx) {
    const MemAccess &A = Accesses[Idx];
    Loop *L = LI.getLoopFor(A.I->getParent());
    if (!L)
      continue;
    auto It = BTCs.find(L);
    if (It == BTCs.end())
      It = BTCs.insert({L, countedLoopBTC(*L, SE)}).first;
    const SCEV *BTC = It->second;
    if (!BTC || !DT.dominates(A.I->getParent(), L->getLoopLatch()))
      continue;
    const SCEV *Ptr = SE.getSCEV(A.Ptr);
    if (auto *AR = dyn_cast<SCEVAddRecExpr>(Ptr)) {
      auto *StepC = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
      if (AR->getLoop() != L || !AR->isAffine() || !StepC ||
          !StepC->getAPInt().isSignedIntN(32))
        continue;
      Cands.push_back({Idx, L, BTC, AR->getStart(),
                       StepC->getAPInt().getSExtValue()});
    } else if (SE.isLoopInvariant(Ptr, L)) {
      Cands.push_back({Idx, L, BTC, Ptr, 0});
    }
  }

  // 2. Groups: same loop, step and kind, starts a constant distance apart;
  //    then gap-free clusters within a group (see the file comment).
  SmallVector<bool, 32> Hoisted(Accesses.size(), false);
  SmallVector<bool, 16> Grouped(Cands.size(), false);
  SCEVExpander Expander = makeExpander(SE, DL);
  unsigned NumHoisted = 0;
  for (unsigned G = 0; G < Cands.size(); ++G) {
    if (Grouped[G])
      continue;
    Candidate &Anchor = Cands[G];
    const MemAccess &AA = Accesses[Anchor.Index];
    SmallVector<Candidate *, 8> Members{&Anchor};
    Grouped[G] = true;
    for (unsigned J = G + 1; J < Cands.size(); ++J) {
      Candidate &C = Cands[J];
      if (Grouped[J] || C.L != Anchor.L || C.Step != Anchor.Step ||
          Accesses[C.Index].IsWrite != AA.IsWrite ||
          C.Start->getType() != Anchor.Start->getType())
        continue;
      auto *D = dyn_cast<SCEVConstant>(SE.getMinusSCEV(C.Start, Anchor.Start));
      if (!D || !D->getAPInt().isSignedIntN(32))
        continue;
      C.Offset = D->getAPInt().getSExtValue();
      Members.push_back(&C);
      Grouped[J] = true;
    }
    // Split the members, sorted by offset, into clusters whose intervals
    // [Offset, Offset + Size) overlap or touch; hoist each cluster that is
    // at least |Step| long.
    llvm::sort(Members, [](const Candidate *X, const Candidate *Y) {
      return X->Offset < Y->Offset;
    });
    for (size_t B = 0; B < Members.size();) {
      int64_t Lo = Members[B]->Offset, Hi = Lo;
      size_t E = B;
      while (E < Members.size() && Members[E]->Offset <= Hi) {
        Hi = std::max<int64_t>(
            Hi, Members[E]->Offset + int64_t(Accesses[Members[E]->Index].Size));
        ++E;
      }
      ArrayRef<Candidate *> Cluster(Members.data() + B, E - B);
      B = E;
      if (Hi - Lo >= std::llabs(Anchor.Step) &&
          emitHoistedCheck(Anchor, Lo, Hi, AA, SE, DL, Expander, AI)) {
        for (const Candidate *C : Cluster) {
          Hoisted[C->Index] = true;
          ++NumHoisted;
        }
      }
    }
  }

  if (NumHoisted) {
    SmallVector<MemAccess, 32> Kept;
    for (unsigned Idx = 0; Idx < Accesses.size(); ++Idx)
      if (!Hoisted[Idx])
        Kept.push_back(Accesses[Idx]);
    Accesses.assign(Kept.begin(), Kept.end());
  }
  return NumHoisted;
}

} // namespace sleuth
