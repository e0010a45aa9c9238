//===- LoopChecks.cpp - loop versioning: a fast copy and a checked copy ---===//
//
// A loop whose accesses provably stay, over all its iterations, inside
// ranges SCEV can compute before it runs is versioned: the preheader asks
// the runtime whether those ranges are wholly addressable
// (__sleuth_range_is_poisoned, which reports nothing). If they are, the
// original loop runs without the checks of those accesses (the fast copy);
// if not, a clone of the loop with every access checked runs (the checked
// copy), so a report names the real access (size, address, line) at the
// iteration that faults, after the iterations before it have run, exactly
// as without versioning.
//
// The fast copy drops an access's check only if that check could never
// fire in it. All required:
//  - the loop is innermost, has a preheader ending in a branch, its only
//    exiting block is its latch, ending in a conditional branch, and SCEV
//    knows its exact backedge-taken count BTC: the body runs BTC + 1 times
//    once the preheader runs;
//  - the loop contains no call other than non-lifetime intrinsics, so
//    nothing can free or re-poison memory while it runs;
//  - the access's block dominates the latch, so it runs on every iteration;
//  - its address is an affine SCEV {Start,+,Step} of this loop with a
//    constant Step, or loop-invariant;
//  - accesses (loads and stores alike) with the same loop and step whose
//    starts are a constant distance apart form a group (the interleaved
//    parts of a vectorised loop, a stencil's neighbours, a struct's fields);
//    a cluster of them at most MaxGap bytes apart is covered by one range
//    if it leaves at most MaxGap bytes of each step untouched (strided
//    accesses, a struct's unread fields): the query's cost stays in
//    proportion to the loop's;
//  - Start and Start + Step * BTC can be expanded safely in the preheader
//    and name no loop the preheader is outside of.
// A group's clusters too sparse for that (a column walked with a row's
// stride) may be dense over the loop and its parent: emitOuterRangeQuery
// queries the hull of their addresses over the nest once in the parent's
// preheader, and the inner loop is versioned on that answer.
// A query whose bounds do not change in the loops around L goes to the
// outermost of them that has no calls (queryPoint): it is asked once per
// run of that loop, not once per run of L.
// A loop is versioned only if its queries cover at least one access per
// MaxInstsPerHoisted instructions: with fewer, a copy costs more code than
// it saves time, and the checks stay in place.
// The range holds every byte the accesses touch; it may hold bytes between
// them too. Those are inside the same object unless the accesses span
// objects (a pool walked with a stride): if such a byte is poisoned, every
// run takes the checked copy, slower but never wrong, and nothing is
// reported that the program does not do.
//
// Code growth: only loops with such accesses are cloned, only if they have
// at most MaxVersionedInsts instructions (a bigger loop keeps its checks in
// place), not in functions optimised for size (-Os, -Oz), and not in
// functions whose blocks have their address taken (the pass could not undo
// a bad rewrite there). The clone is made with LLVM's
// own utilities (dedicated exits, LCSSA, cloneLoopWithPreheader), and the
// caller verifies the function afterwards (verify=1).
//
//===----------------------------------------------------------------------===//
#include "LoopChecks.h"
#include "PassOptions.h"

#include "llvm/Support/raw_ostream.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <cstdlib>
#include <type_traits>

using namespace llvm;

namespace sleuth {

namespace {

/// Loops larger than this (in IR instructions) are not cloned.
constexpr unsigned MaxVersionedInsts = 256;
/// A loop is versioned only if it has at least one access covered by its
/// range queries per this many instructions.
constexpr unsigned MaxInstsPerHoisted = 16;
/// Loops that run at most this many iterations per run are not versioned.
constexpr unsigned MaxShortTrips = 16;
/// Bytes of a queried range per iteration that no access touches, at most
/// (the query reads one shadow byte per 8 bytes of its range).
constexpr int64_t MaxGap = 64;

bool hasCalls(const Loop &L) {
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB) {
      const auto *CB = dyn_cast<CallBase>(&I);
      if (!CB)
        continue;
      // The range queries this pass put in inner loops' preheaders (a
      // parent loop is looked at after them) change nothing.
      if (const Function *Callee = CB->getCalledFunction())
        if (Callee->getName() == "__sleuth_range_is_poisoned")
          continue;
      const auto *II = dyn_cast<IntrinsicInst>(CB);
      if (!II || II->getIntrinsicID() == Intrinsic::lifetime_start ||
          II->getIntrinsicID() == Intrinsic::lifetime_end)
        return true;
    }
  return false;
}

/// Whether each run of L is known to be short, so that its copy would cost
/// more code than its checks cost time: SCEV bounds it by MaxShortTrips
/// iterations (an unrolled loop's prologue or remainder). A vectorised
/// loop's scalar remainder is not taken for short: when the vectoriser's
/// run-time overlap test fails (a decompressor's back-reference copy) the
/// whole loop runs there.
bool runsFewTimes(const Loop &L, ScalarEvolution &SE) {
  unsigned MaxTrips = SE.getSmallConstantMaxTripCount(&L);
  return MaxTrips && MaxTrips <= MaxShortTrips;
}

/// Whether L has the shape the cloning below handles without surprises:
/// a latch ending in a two-way branch with one successor outside L, no EH
/// pads, tokens (no phi may carry them to the exit) or address-taken
/// blocks, nothing LLVM refuses to duplicate, and a bounded size.
bool canClone(const Loop &L) {
  const BasicBlock *Latch = L.getLoopLatch();
  const auto *Br = dyn_cast<BranchInst>(Latch->getTerminator());
  if (!Br || !Br->isConditional() ||
      L.contains(Br->getSuccessor(0)) == L.contains(Br->getSuccessor(1)) ||
      !isa<BranchInst>(L.getLoopPreheader()->getTerminator()) ||
      !L.isSafeToClone())
    return false;
  unsigned Size = 0;
  for (const BasicBlock *BB : L.blocks()) {
    if (BB->isEHPad() || BB->hasAddressTaken())
      return false;
    for (const Instruction &I : *BB) {
      if (I.getType()->isTokenTy())
        return false;
      // Debug intrinsics do not count: -g must not change the code.
      if (!isa<DbgInfoIntrinsic>(I) && ++Size > MaxVersionedInsts)
        return false;
    }
  }
  return true;
}

/// The exact backedge-taken count of L if L qualifies, else null.
const SCEV *countedLoopBTC(Loop &L, ScalarEvolution &SE) {
  if (!L.isInnermost() || !L.getLoopPreheader() || !L.getLoopLatch() ||
      L.getExitingBlock() != L.getLoopLatch() || hasCalls(L) || !canClone(L))
    return nullptr;
  const SCEV *BTC = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(BTC))
    return nullptr;
  return BTC;
}

bool safeToExpandAt(const SCEV *S, Instruction *At, ScalarEvolution &SE,
                    SCEVExpander &Exp) {
  // An add recurrence of a loop that does not contain At would be expanded
  // as a new induction variable of that loop, used after it: not wanted.
  if (SCEVExprContains(S, [At](const SCEV *X) {
        const auto *AR = dyn_cast<SCEVAddRecExpr>(X);
        return AR && !AR->getLoop()->contains(At);
      }))
    return false;
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

/// Where a query of a range with these bounds goes: the preheader of the
/// outermost loop around L (L at least) in which every bound is invariant,
/// that has a preheader ending in a branch and no calls (nothing can change
/// the shadow while it runs), and where the bounds expand safely. There the
/// query runs once per run of that loop instead of once per run of L: a
/// matrix row's query leaves the product's j loop, a row-pointer array's
/// the whole nest. Null if the bounds do not even expand in L's preheader.
Instruction *queryPoint(Loop *L, ArrayRef<const SCEV *> Bounds,
                        ScalarEvolution &SE, SCEVExpander &Exp) {
  auto ExpandAt = [&](Instruction *At) {
    return all_of(Bounds,
                  [&](const SCEV *S) { return safeToExpandAt(S, At, SE, Exp); });
  };
  Instruction *At = L->getLoopPreheader()->getTerminator();
  if (!ExpandAt(At))
    return nullptr;
  for (Loop *P = L->getParentLoop(); P; P = P->getParentLoop()) {
    BasicBlock *PH = P->getLoopPreheader();
    if (!PH || !isa<BranchInst>(PH->getTerminator()) || hasCalls(*P))
      break;
    Instruction *PAt = PH->getTerminator();
    if (!all_of(Bounds,
                [&](const SCEV *S) { return SE.isLoopInvariant(S, P); }) ||
        !ExpandAt(PAt))
      break;
    At = PAt;
  }
  return At;
}

struct Candidate {
  unsigned Index;     // into Accesses
  Loop *L;
  const SCEV *BTC;
  const SCEV *Start;  // address on the first iteration
  int64_t Step;       // bytes per iteration
  int64_t Offset = 0; // from the group's anchor Start
};

/// Emits, in L's preheader, whether some byte of [Lo, Hi) relative to the
/// anchor's address, over all iterations, is not addressable (an i1).
/// Null if the bounds cannot be computed there.
Value *emitRangeQuery(const Candidate &Anchor, int64_t Lo, int64_t Hi,
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
  Instruction *At = queryPoint(Anchor.L, {First, Last}, SE, Expander);
  if (!At)
    return nullptr;
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
  // Inline tests pay where the query runs per run of L, not out of a nest.
  return AI.emitRangeQuery(IRB, Begin, Size,
                           At == Anchor.L->getLoopPreheader()->getTerminator());
}

/// A cluster too sparse in its own loop L (a column a[k][j] walked with a
/// row's stride) may be dense over L and its parent P together: P moves its
/// start by about the cluster's width per iteration and, over P's
/// iterations, sweeps at least L's stride (matmul's b[k][j] under the j loop
/// covers b whole). Emits in P's preheader whether some byte of the hull of
/// all addresses the cluster takes in the nest is not addressable (an i1
/// that dominates L's preheader); null if the nest does not qualify: P has
/// a preheader ending in a branch, no calls (nothing can change the shadow
/// while the nest runs), a computable backedge-taken count; L's count is
/// P-invariant; the start is loop-invariant or affine in P with a constant
/// step; the bounds expand in P's preheader. The hull may hold bytes the
/// loops never touch (P's count is an upper bound for the inner loop's
/// runs): a poisoned one only sends L to its checked copy.
Value *emitOuterRangeQuery(const Candidate &Anchor, int64_t Lo, int64_t Hi,
                           int64_t MinSize, int64_t MaxMemberGap,
                           const MemAccess &AA, ScalarEvolution &SE,
                           const DataLayout &DL, SCEVExpander &Expander,
                           AccessInstrumenter &AI) {
  Loop *P = Anchor.L->getParentLoop();
  if (!P || !P->getLoopPreheader() ||
      !isa<BranchInst>(P->getLoopPreheader()->getTerminator()) || hasCalls(*P))
    return nullptr;
  const SCEV *BTCP = SE.getBackedgeTakenCount(P);
  if (isa<SCEVCouldNotCompute>(BTCP) || !SE.isLoopInvariant(Anchor.BTC, P))
    return nullptr;
  const SCEV *S0 = Anchor.Start;
  int64_t StepP = 0;
  if (const auto *AR = dyn_cast<SCEVAddRecExpr>(Anchor.Start)) {
    const auto *C = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
    if (AR->getLoop() != P || !AR->isAffine() || !C ||
        !C->getAPInt().isSignedIntN(32))
      return nullptr;
    S0 = AR->getStart();
    StepP = C->getAPInt().getSExtValue();
  } else if (!SE.isLoopInvariant(Anchor.Start, P)) {
    return nullptr;
  }
  // Dense over the nest: P's step at most the smallest member's size plus
  // MaxGap, and P's sweep, (BTCP + 1) * |StepP| + MaxGap, at least every
  // gap between members (MaxMemberGap, the stride included).
  const int64_t Step = Anchor.Step;
  if (std::llabs(StepP) > MinSize + MaxGap)
    return nullptr;
  Type *StepTy = DL.getIndexType(S0->getType());
  const SCEV *ItersP = SE.getTruncateOrZeroExtend(BTCP, StepTy);
  const SCEV *Iters = SE.getTruncateOrZeroExtend(Anchor.BTC, StepTy);
  const SCEV *Sweep = SE.getAddExpr(
      SE.getMulExpr(SE.getAddExpr(ItersP, SE.getOne(StepTy)),
                    SE.getConstant(StepTy, std::llabs(StepP))),
      SE.getConstant(StepTy, MaxGap));
  if (!SE.isKnownPredicate(ICmpInst::ICMP_UGE, Sweep,
                           SE.getConstant(StepTy, MaxMemberGap)))
    return nullptr;
  // The hull's corners: S0 plus 0 or StepP * BTCP plus 0 or Step * BTC.
  const SCEV *Low = S0, *High = S0;
  const SCEV *AlongP = SE.getMulExpr(SE.getConstant(StepTy, StepP, true), ItersP);
  const SCEV *AlongL = SE.getMulExpr(SE.getConstant(StepTy, Step, true), Iters);
  (StepP < 0 ? Low : High) = SE.getAddExpr(StepP < 0 ? Low : High, AlongP);
  (Step < 0 ? Low : High) = SE.getAddExpr(Step < 0 ? Low : High, AlongL);
  Instruction *At = queryPoint(P, {Low, High}, SE, Expander);
  if (!At)
    return nullptr;
  Value *LowV = Expander.expandCodeFor(Low, Low->getType(), At);
  Value *HighV = Expander.expandCodeFor(High, High->getType(), At);
  IntegerType *IntptrTy = AI.intptrTy();
  IRBuilder<> IRB(At);
  IRB.SetCurrentDebugLocation(AA.I->getDebugLoc());
  Value *LowI = IRB.CreatePtrToInt(LowV, IntptrTy);
  Value *HighI = IRB.CreatePtrToInt(HighV, IntptrTy);
  Value *Begin = IRB.CreateAdd(LowI, ConstantInt::get(IntptrTy, Lo, true));
  Value *Size = IRB.CreateAdd(IRB.CreateSub(HighI, LowI),
                              ConstantInt::get(IntptrTy, Hi - Lo));
  return AI.emitRangeQuery(IRB, Begin, Size, /*FastPath=*/false);
}

/// Erases the queries (and the `or`s joining them) of a loop that was not
/// versioned after all.
void eraseQueries(Value *Bad) {
  SmallVector<Instruction *, 8> Work;
  if (auto *I = dyn_cast<Instruction>(Bad))
    Work.push_back(I);
  while (!Work.empty()) {
    Instruction *I = Work.pop_back_val();
    if (!I->use_empty())
      continue;
    SmallVector<Value *, 2> Ops(I->operand_values());
    bool Ours = isa<CallInst>(I) || I->getOpcode() == Instruction::Or ||
                isa<ICmpInst>(I);
    if (!Ours)
      continue;
    I->eraseFromParent();
    for (Value *Op : Ops)
      if (auto *OpI = dyn_cast<Instruction>(Op))
        if (isa<CallInst>(OpI) || isa<ICmpInst>(OpI) ||
            OpI->getOpcode() == Instruction::Or)
          Work.push_back(OpI);
  }
}

/// Clones L: its preheader becomes the check block, branching on Bad to the
/// clone (VMap maps L's instructions to the clone's) or to L. Both exit to
/// the same block, whose LCSSA phis take the clone's values. False if L
/// could not be brought into that shape (it is then left as it is).
bool versionLoop(Loop &L, Value *Bad, DominatorTree &DT, LoopInfo &LI,
                 ValueToValueMapTy &VMap) {
  BasicBlock *Check = L.getLoopPreheader();
  formDedicatedExitBlocks(&L, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
  formLCSSA(L, DT, &LI, nullptr);
  BasicBlock *Latch = L.getLoopLatch();
  BasicBlock *Exit = L.getExitBlock();
  if (!Exit || Exit->getSinglePredecessor() != Latch ||
      L.getLoopPreheader() != Check || !L.isLCSSAForm(DT))
    return false;

  BasicBlock *PH = SplitBlock(Check, Check->getTerminator(), &DT, &LI);
  SmallVector<BasicBlock *, 16> Blocks;
  cloneLoopWithPreheader(PH, Check, &L, VMap, ".checked", &LI, &DT, Blocks);
  remapInstructionsInBlocks(Blocks, VMap);
  // The checked copy at the function's end, out of the fast path's way.
  for (BasicBlock *BB : Blocks)
    BB->moveAfter(&BB->getParent()->back());
  auto *CopyPH = cast<BasicBlock>(VMap[PH]);
  auto *CopyLatch = cast<BasicBlock>(VMap[Latch]);

  Instruction *Old = Check->getTerminator();
  IRBuilder<> IRB(Old);
  IRB.SetCurrentDebugLocation(Old->getDebugLoc());
  IRB.CreateCondBr(Bad, CopyPH, PH,
                   MDBuilder(Old->getContext()).createBranchWeights(1, 1 << 20));
  Old->eraseFromParent();

  for (PHINode &PN : Exit->phis()) {
    Value *V = PN.getIncomingValueForBlock(Latch);
    Value *InCopy = VMap.lookup(V);
    PN.addIncoming(InCopy ? InCopy : V, CopyLatch);
  }
  DT.changeImmediateDominator(Exit, Check);
  return true;
}

} // namespace

unsigned versionLoopChecks(Function &F, FunctionAnalysisManager &FAM,
                           AccessInstrumenter &AI,
                           SmallVectorImpl<MemAccess> &Accesses,
                           function_ref<void()> BeforeChange,
                           unsigned &NumHoisted) {
  NumHoisted = 0;
  // -Os/-Oz: no loop is duplicated; accesses are checked in place.
  if (F.hasOptSize())
    return 0;
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  if (LI.empty())
    return 0;
  for (const BasicBlock &BB : F)
    if (BB.hasAddressTaken())
      return 0;
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  const DataLayout &DL = F.getParent()->getDataLayout();
  bool Changed = false;

  // 0. Preheaders: an inner loop whose guard the optimiser merged into the
  //    block before it (the j loop's header branching to the k loop or past
  //    it) has none; one is made for each innermost loop with accesses that
  //    could qualify (single exiting latch, no calls), to hold its queries.
  //    One that ends up unused is an empty block, which code generation
  //    folds away.
  SmallPtrSet<const BasicBlock *, 32> AccessBlocks;
  for (const MemAccess &A : Accesses)
    AccessBlocks.insert(A.I->getParent());
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (!L->isInnermost() || L->getLoopPreheader() || !L->getLoopLatch() ||
        L->getExitingBlock() != L->getLoopLatch() || hasCalls(*L) ||
        llvm::none_of(L->blocks(), [&](const BasicBlock *BB) {
          return AccessBlocks.count(BB) != 0;
        }))
      continue;
    if (!Changed) {
      BeforeChange();
      Changed = true;
    }
    if (InsertPreheaderForLoop(L, &DT, &LI, nullptr, /*PreserveLCSSA=*/false))
      SE.forgetLoop(L);
  }

  // 1. Candidates: accesses on every iteration of a qualifying loop whose
  //    address is loop-invariant or affine with a constant step.
  DenseMap<Loop *, const SCEV *> BTCs; // null: loop does not qualify
  SmallVector<Candidate, 16> Cands;
  SmallVector<Loop *, 32> LoopOf(Accesses.size(), nullptr);
  for (unsigned Idx = 0; Idx < Accesses.size(); ++Idx) {
    const MemAccess &A = Accesses[Idx];
    Loop *L = LI.getLoopFor(A.I->getParent());
    LoopOf[Idx] = L;
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
  if (Cands.empty())
    return 0;

  // 2. Groups: same loop, step and kind, starts a constant distance apart;
  //    then gap-free clusters within a group (see the file comment), each
  //    queried in the preheader. Bad[L]: the `or` of L's queries.
  SmallVector<bool, 32> Hoisted(Accesses.size(), false);
  SmallVector<bool, 16> Grouped(Cands.size(), false);
  MapVector<Loop *, Value *> Bad;
  SCEVExpander Expander = makeExpander(SE, DL);
  // Q joins L's `or` (in L's preheader), and the accesses it covers lose
  // their own checks in the fast copy.
  auto addQuery = [&](Loop *L, Value *Q, const MemAccess &AA,
                      ArrayRef<Candidate *> Covered) {
    Value *&LoopBad = Bad[L];
    if (LoopBad) {
      IRBuilder<> IRB(L->getLoopPreheader()->getTerminator());
      IRB.SetCurrentDebugLocation(AA.I->getDebugLoc());
      LoopBad = IRB.CreateOr(LoopBad, Q);
    } else {
      LoopBad = Q;
    }
    for (const Candidate *C : Covered)
      Hoisted[C->Index] = true;
  };
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
    // [Offset, Offset + Size) are at most MaxGap bytes apart; query each
    // cluster that leaves at most MaxGap bytes of each step untouched.
    llvm::sort(Members, [](const Candidate *X, const Candidate *Y) {
      return X->Offset < Y->Offset;
    });
    SmallVector<Candidate *, 8> Sparse;
    for (size_t B = 0; B < Members.size();) {
      int64_t Lo = Members[B]->Offset, Hi = Lo;
      size_t E = B;
      while (E < Members.size() && Members[E]->Offset <= Hi + MaxGap) {
        Hi = std::max<int64_t>(
            Hi, Members[E]->Offset + int64_t(Accesses[Members[E]->Index].Size));
        ++E;
      }
      ArrayRef<Candidate *> Cluster(Members.data() + B, E - B);
      size_t First = B;
      B = E;
      if (std::llabs(Anchor.Step) > Hi - Lo + MaxGap) {
        // Too sparse in its loop: perhaps dense over the loop and its
        // parent, with the group's other sparse clusters (below).
        Sparse.append(Members.begin() + First, Members.begin() + E);
        continue;
      }
      if (!Changed) {
        BeforeChange();
        Changed = true;
      }
      if (Value *Q = emitRangeQuery(Anchor, Lo, Hi, AA, SE, DL, Expander, AI))
        addQuery(Anchor.L, Q, AA, Cluster);
    }
    if (Sparse.empty())
      continue;
    // The sparse members (sorted by offset) over the loop nest: each gap
    // between two of them, and from the last to the first of the next
    // iteration, must be filled by the parent loop's sweep.
    int64_t Lo = Sparse.front()->Offset, Hi = Lo, MaxMemberGap = 0;
    uint64_t MinSize = UINT64_MAX;
    for (size_t K = 0; K < Sparse.size(); ++K) {
      uint64_t Size = Accesses[Sparse[K]->Index].Size;
      Hi = std::max<int64_t>(Hi, Sparse[K]->Offset + int64_t(Size));
      MinSize = std::min(MinSize, Size);
      if (K)
        MaxMemberGap = std::max(MaxMemberGap,
                                Sparse[K]->Offset - Sparse[K - 1]->Offset);
    }
    MaxMemberGap = std::max<int64_t>(MaxMemberGap, Lo + std::llabs(Anchor.Step) -
                                              Sparse.back()->Offset);
    if (!Changed) {
      BeforeChange();
      Changed = true;
    }
    if (Value *Q = emitOuterRangeQuery(Anchor, Lo, Hi, int64_t(MinSize),
                                       MaxMemberGap, AA, SE, DL, Expander,
                                       AI))
      addQuery(Anchor.L, Q, AA, Sparse);
  }
  Expander.clear();

  // 3. Version each loop with a query. The fast copy (the original) keeps
  //    the checks of its other accesses; the checked copy gets them all.
  SmallVector<MemAccess, 32> Copies;
  unsigned Versioned = 0;
  for (auto &LB : Bad) {
    Loop *L = LB.first;
    if (!LB.second)
      continue;
    // Worth a copy only if the checks it takes out of the fast copy are a
    // good part of each iteration's work: at least one per
    // MaxInstsPerHoisted instructions (each inline check is about four). A
    // bigger body with fewer checks keeps them in place, and the code
    // stays the size of one copy.
    unsigned Insts = 0, Accs = 0, Hoist = 0;
    for (const BasicBlock *BB : L->blocks())
      for (const Instruction &I : *BB)
        Insts += !isa<DbgInfoIntrinsic>(I);
    for (unsigned Idx = 0; Idx < Accesses.size(); ++Idx)
      if (LoopOf[Idx] == L) {
        ++Accs;
        Hoist += Hoisted[Idx];
      }
    bool Worth = uint64_t(Hoist) * MaxInstsPerHoisted >= Insts &&
                 !runsFewTimes(*L, SE);
    if (getPassOptions().Verbose >= 3)
      errs() << "sleuth: loop " << F.getName() << ":"
             << L->getHeader()->getName() << ": " << Insts
             << " instructions, " << Accs << " accesses, " << Hoist
             << " covered by range queries: "
             << (Worth ? "versioned" : "checked in place") << "\n";
    if (!Worth) {
      eraseQueries(LB.second);
      for (unsigned Idx = 0; Idx < Accesses.size(); ++Idx)
        if (LoopOf[Idx] == L)
          Hoisted[Idx] = false;
      continue;
    }
    ValueToValueMapTy VMap;
    bool Done = versionLoop(*L, LB.second, DT, LI, VMap);
    if (!Done)
      eraseQueries(LB.second);
    for (unsigned Idx = 0; Idx < Accesses.size(); ++Idx) {
      if (LoopOf[Idx] != L)
        continue;
      if (!Done) {
        Hoisted[Idx] = false;
        continue;
      }
      MemAccess C = Accesses[Idx];
      C.I = dyn_cast_or_null<Instruction>(VMap.lookup(C.I));
      if (!C.I) // every instruction of L has its copy
        continue;
      C.Ptr = pointerOperand(*C.I);
      C.OutOfLine = true; // the copy is cold: small beats fast
      Copies.push_back(C);
      if (Hoisted[Idx])
        ++NumHoisted;
    }
    Versioned += Done;
  }

  SmallVector<MemAccess, 32> Kept;
  for (unsigned Idx = 0; Idx < Accesses.size(); ++Idx)
    if (!Hoisted[Idx])
      Kept.push_back(Accesses[Idx]);
  Kept.append(Copies.begin(), Copies.end());
  Accesses.assign(Kept.begin(), Kept.end());
  return Versioned;
}

} // namespace sleuth
