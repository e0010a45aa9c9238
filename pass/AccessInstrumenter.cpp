//===- AccessInstrumenter.cpp - shadow checks for memory accesses ---------===//
//
// Check emitted before an access of N bytes at Addr (shadow = (Addr >> 3) +
// 0x7fff8000, s = signed shadow byte):
//   N in {1,2}, aligned:    if (s != 0 && (int8)((Addr & 7) + N - 1) >= s)
//                             __sleuth_report_{load,store}N(Addr, base)
//   N in {4,8}, aligned:    if (s != 0) reportN (which makes the partial-
//                           granule test of a 4-byte access itself)
//   N == 16, align >= 8:    if (2-byte shadow != 0) report16
//   unaligned or odd N<=16: if (shadow of the first byte or of the last
//                           byte != 0) __sleuth_report_*_n(Addr, N, base),
//                           which checks every byte
// The report functions check again and report only a real fault (abi.h,
// v6); they and the check_n calls use preserve_mostcc.
//   N > 16:                 __sleuth_check_{load,store}_range(Addr, N)
//   OutOfLine, N <= 16:     __sleuth_check_{load,store}_n(Addr, N, base), the
//                           whole check in the runtime (a versioned loop's
//                           checked copy, which is cold: small beats fast)
// The partial-granule test sits in its own block; the report call in a cold
// block of its own, with the access's debug location and `nomerge` so that
// the report's frame #0 is the access's file:line:col. Report calls return:
// execution continues with the original access.
// Code size: at a multiple of 8 from a base (or any constant offset from a
// base known to be a multiple of 8) the shadow address is the base's plus a
// constant (alignedSpan), so the fields of a struct share one shift; an access whose bytes an earlier inline test in its block
// covers is checked on that test's slow path only (instrumentAll).
//
//===----------------------------------------------------------------------===//
#include "AccessInstrumenter.h"
#include "Compat.h"
#include "DominatedChecks.h"
#include "SleuthPass.h"

#include "abi.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <algorithm>
#include <string>

using namespace llvm;

namespace sleuth {

namespace {

bool hasPrefix(StringRef S, StringRef Prefix) {
  return S.size() >= Prefix.size() && S.substr(0, Prefix.size()) == Prefix;
}

/// Compiler-internal globals (profile and coverage counters, llvm.* tables)
/// and our own: accesses to them are never checked.
bool isInternalGlobal(const GlobalVariable &GV) {
  StringRef Name = GV.getName();
  if (hasPrefix(Name, "llvm.") || hasPrefix(Name, "__llvm") ||
      hasPrefix(Name, "__prof") || hasPrefix(Name, "__sleuth_") ||
      hasPrefix(Name, "sleuth."))
    return true;
  if (GV.hasSection()) {
    StringRef Section = GV.getSection();
    if (hasPrefix(Section, "llvm.") || Section.contains("__llvm"))
      return true;
  }
  return false;
}

/// Whether AI's lifetime is marked (llvm.lifetime.* on it or on a cast or
/// constant GEP of it): outside its markers the stack layout poisons it f8,
/// so an access in its bounds can still be a use after scope.
bool hasLifetimeMarkers(const AllocaInst &AI) {
  SmallVector<const Value *, 8> Work{&AI};
  unsigned Budget = 64;
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const User *U : V->users()) {
      if (!Budget--)
        return true; // too many uses to tell: keep the checks
      if (const auto *II = dyn_cast<IntrinsicInst>(U)) {
        if (II->getIntrinsicID() == Intrinsic::lifetime_start ||
            II->getIntrinsicID() == Intrinsic::lifetime_end)
          return true;
      } else if (isa<BitCastInst>(U) ||
                 (isa<GetElementPtrInst>(U) &&
                  cast<GetElementPtrInst>(U)->hasAllConstantIndices())) {
        Work.push_back(U);
      }
    }
  }
  return false;
}

/// True if [Ptr, Ptr + Size) provably lies inside one alloca or global
/// variable of fully known size and the access cannot hit poisoned shadow:
/// redzones lie outside the object, but a variable with lifetime markers
/// that gets a slot of its own is poisoned outside its scope when
/// ScopedStack is set, so those accesses stay checked (after optimisation a
/// load after the loop can address a loop body's array directly, with no
/// pointer in between). A variable that needs no slot is never poisoned.
bool isProvablyInBounds(Value *Ptr, uint64_t Size, const DataLayout &DL,
                        bool ScopedStack) {
  int64_t Offset = 0;
  Value *Base = GetPointerBaseWithConstantOffset(Ptr, Offset, DL);
  if (Offset < 0)
    return false;
  uint64_t ObjectSize = 0;
  if (auto *AI = dyn_cast<AllocaInst>(Base)) {
    if (ScopedStack && hasLifetimeMarkers(*AI) && needsStackSlot(*AI, DL))
      return false;
    auto Bits = AI->getAllocationSizeInBits(DL); // nothing if dynamic
    if (!Bits || Bits->isScalable())
      return false;
    ObjectSize = Bits->getFixedValue() / 8;
  } else if (auto *GV = dyn_cast<GlobalVariable>(Base)) {
    // A declaration or a definition the linker may replace could have a
    // different size than this module believes.
    if (GV->isDeclaration() || GV->isInterposable() ||
        !GV->getValueType()->isSized())
      return false;
    // Poisoned while other modules' initialisers run (init-order checking):
    // code of this module called from there must check its own globals.
    if (hasDynamicInit(*GV))
      return false;
    TypeSize TS = DL.getTypeAllocSize(GV->getValueType());
    if (TS.isScalable())
      return false;
    ObjectSize = TS.getFixedValue();
  } else {
    return false;
  }
  return uint64_t(Offset) <= ObjectSize && Size <= ObjectSize - Offset;
}

} // namespace

Value *pointerOperand(Instruction &I) {
  if (auto *LI = dyn_cast<LoadInst>(&I))
    return LI->getPointerOperand();
  if (auto *SI = dyn_cast<StoreInst>(&I))
    return SI->getPointerOperand();
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return RMW->getPointerOperand();
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    return CX->getPointerOperand();
  return nullptr;
}

AccessSpan accessSpan(const MemAccess &A, const DataLayout &DL) {
  AccessSpan S;
  S.Base = GetPointerBaseWithConstantOffset(A.Ptr, S.Offset, DL);
  return S;
}

/// Whether the inline (or out-of-line) check of A tests every byte of it.
/// Aligned power-of-two sizes test their granule(s) whole, the runtime's
/// range checks every byte; an unaligned or odd access tests the shadow of
/// its first and last bytes only, which is every granule it touches only if
/// it touches at most two (at most 8 bytes).
static bool checksEveryByte(const MemAccess &A) {
  if (A.Size > 16 || A.OutOfLine)
    return true;
  if (isPowerOf2_64(A.Size) &&
      A.Alignment.value() >= std::min<uint64_t>(A.Size, 8))
    return true;
  return A.Size <= 8;
}

bool checkCovers(const MemAccess &A, const AccessSpan &SA, const MemAccess &B,
                 const AccessSpan &SB) {
  if (SA.Base != SB.Base || (B.IsWrite && !A.IsWrite) || !checksEveryByte(A))
    return false;
  // Offsets far from 0 (wrapping arithmetic) are not compared.
  const int64_t Far = int64_t(1) << 40;
  if (SA.Offset <= -Far || SA.Offset >= Far || SB.Offset <= -Far ||
      SB.Offset >= Far)
    return false;
  return SA.Offset <= SB.Offset &&
         SB.Offset + int64_t(B.Size) <= SA.Offset + int64_t(A.Size);
}

std::optional<MemAccess> getInterestingAccess(Instruction &I,
                                              const DataLayout &DL,
                                              const PassOptions &Opts) {
  // Masked load/store and gather/scatter intrinsics are not checked: masked-
  // off lanes may legitimately point outside the object.
  MemAccess A;
  A.I = &I;
  Type *AccessTy = nullptr;
  if (auto *LI = dyn_cast<LoadInst>(&I)) {
    if (!Opts.InstrumentReads || (LI->isAtomic() && !Opts.InstrumentAtomics))
      return std::nullopt;
    A.Ptr = LI->getPointerOperand();
    AccessTy = LI->getType();
    A.Alignment = LI->getAlign();
  } else if (auto *SI = dyn_cast<StoreInst>(&I)) {
    if (!Opts.InstrumentWrites || (SI->isAtomic() && !Opts.InstrumentAtomics))
      return std::nullopt;
    A.Ptr = SI->getPointerOperand();
    AccessTy = SI->getValueOperand()->getType();
    A.Alignment = SI->getAlign();
    A.IsWrite = true;
  } else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    if (!Opts.InstrumentAtomics || !Opts.InstrumentWrites)
      return std::nullopt;
    A.Ptr = RMW->getPointerOperand();
    AccessTy = RMW->getValOperand()->getType();
    A.Alignment = RMW->getAlign();
    A.IsWrite = true;
  } else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
    if (!Opts.InstrumentAtomics || !Opts.InstrumentWrites)
      return std::nullopt;
    A.Ptr = CX->getPointerOperand();
    AccessTy = CX->getCompareOperand()->getType();
    A.Alignment = CX->getAlign();
    A.IsWrite = true;
  } else {
    return std::nullopt;
  }

  // The front end (or another tool) said: do not check this one.
  if (I.getMetadata("nosanitize"))
    return std::nullopt;
  // Other address spaces (GPU, segment-relative TLS, ...) have no shadow.
  if (A.Ptr->getType()->getPointerAddressSpace() != 0)
    return std::nullopt;
  // swifterror slots are not real memory.
  if (A.Ptr->isSwiftError())
    return std::nullopt;
  TypeSize StoreSize = DL.getTypeStoreSize(AccessTy);
  if (StoreSize.isScalable()) // size unknown at compile time: skipped
    return std::nullopt;
  A.Size = StoreSize.getFixedValue();
  if (A.Size == 0)
    return std::nullopt;
  if (auto *GV = dyn_cast<GlobalVariable>(getUnderlyingObject(A.Ptr)))
    if (isInternalGlobal(*GV))
      return std::nullopt;
  if (isProvablyInBounds(A.Ptr, A.Size, DL, Opts.Stack && Opts.UseAfterScope))
    return std::nullopt;
  return A;
}

AccessInstrumenter::AccessInstrumenter(Module &Mod) : M(Mod) {
  LLVMContext &C = M.getContext();
  IntptrTy = M.getDataLayout().getIntPtrType(C);
  Type *VoidTy = Type::getVoidTy(C);
  Unlikely = MDBuilder(C).createBranchWeights(1, 1 << 20);
  NoSanitize = MDNode::get(C, {});
  const char *Kind[2] = {"load", "store"};
  for (unsigned W = 0; W < 2; ++W) {
    for (unsigned L = 0; L < 5; ++L)
      ReportFixed[W][L] = M.getOrInsertFunction(
          std::string("__sleuth_report_") + Kind[W] + std::to_string(1u << L),
          VoidTy, IntptrTy, IntptrTy);
    ReportN[W] =
        M.getOrInsertFunction(std::string("__sleuth_report_") + Kind[W] + "_n",
                              VoidTy, IntptrTy, IntptrTy, IntptrTy);
    CheckRange[W] = M.getOrInsertFunction(
        std::string("__sleuth_check_") + Kind[W] + "_range", VoidTy, IntptrTy,
        IntptrTy);
  }
  RangeQuery = M.getOrInsertFunction("__sleuth_range_is_poisoned", IntptrTy,
                                     IntptrTy, IntptrTy);
  for (unsigned W = 0; W < 2; ++W)
    CheckN[W] = M.getOrInsertFunction(std::string("__sleuth_check_") +
                                          Kind[W] + "_n",
                                      VoidTy, IntptrTy, IntptrTy, IntptrTy);
  // The error paths and the checked copies' checks keep every
  // general-purpose register but r11 (abi.h): no spills around them.
  // nonlazybind: called through the GOT, never through a lazily bound PLT
  // entry, since glibc's lazy resolver keeps the argument registers but
  // not r10, which a preserve_most caller may hold live across the call
  // (code in a shared library, zlib's build_tree, lost its r10 on the
  // first such call). Code for an executable (PIE or not PIC) needs no
  // such care: the runtime is linked into the executable (sleuth-cc), so
  // the linker makes each call a direct one, a byte shorter than a call
  // through the GOT, in every cold block.
  const bool ForExecutable = M.getPIELevel() != PIELevel::Default ||
                             M.getPICLevel() == PICLevel::NotPIC;
  auto PreserveMost = [ForExecutable](FunctionCallee FC) {
    if (auto *Fn = dyn_cast<Function>(FC.getCallee())) {
      Fn->setCallingConv(CallingConv::PreserveMost);
      if (!ForExecutable)
        Fn->addFnAttr(Attribute::NonLazyBind);
    }
  };
  for (unsigned W = 0; W < 2; ++W) {
    for (unsigned L = 0; L < 5; ++L)
      PreserveMost(ReportFixed[W][L]);
    PreserveMost(ReportN[W]);
    PreserveMost(CheckN[W]);
  }
}

SmallVector<MemAccess, 32> AccessInstrumenter::collect(Function &F,
                                                       const PassOptions &Opts,
                                                       AccessStats &Stats) {
  const DataLayout &DL = M.getDataLayout();

  // Accesses checked so far in this block, by base (accessSpan): a later
  // one whose bytes an earlier one's check covers needs none (no call in
  // between: nothing can have changed the shadow).
  struct Done {
    MemAccess A;
    AccessSpan S;
  };
  SmallVector<MemAccess, 32> ToCheck;
  DenseMap<const Value *, SmallVector<Done, 4>> Checked;
  for (BasicBlock &BB : F) {
    Checked.clear();
    for (Instruction &I : BB) {
      if (mayChangeShadow(I)) {
        Checked.clear();
        continue;
      }
      std::optional<MemAccess> A = getInterestingAccess(I, DL, Opts);
      if (!A)
        continue;
      if (Opts.Optimize) {
        AccessSpan S = accessSpan(*A, DL);
        SmallVector<Done, 4> &Same = Checked[S.Base];
        if (llvm::any_of(Same, [&](const Done &D) {
              return checkCovers(D.A, D.S, *A, S);
            })) {
          ++Stats.Redundant;
          continue;
        }
        if (Same.size() < 16)
          Same.push_back({*A, S});
      }
      ToCheck.push_back(*A);
    }
  }

  return ToCheck;
}

/// Whether the inline first test of H (its shadow byte, or two for 16
/// bytes, is zero), if it passes, shows every byte of G addressable: G's
/// bytes lie within H's, or, from a base whose definition makes it a
/// multiple of 8 (baseAligned), in the granules H's test reads. H must be checked inline with that test
/// (aligned, a power of two of at most 16 bytes).
bool AccessInstrumenter::testCovers(const MemAccess &H, const MemAccess &G) const {
  if (H.OutOfLine || H.Size > 16 || !isPowerOf2_64(H.Size) ||
      H.Alignment.value() < std::min<uint64_t>(H.Size, 8) || G.OutOfLine ||
      G.Size > 16)
    return false;
  const DataLayout &DL = M.getDataLayout();
  AccessSpan SH = accessSpan(H, DL), SG = accessSpan(G, DL);
  const int64_t Far = int64_t(1) << 30;
  if (SH.Base != SG.Base || SH.Offset <= -Far || SH.Offset >= Far ||
      SG.Offset <= -Far || SG.Offset >= Far ||
      SG.Base->getType()->getPointerAddressSpace() != 0)
    return false;
  if (SH.Offset <= SG.Offset &&
      SG.Offset + int64_t(G.Size) <= SH.Offset + int64_t(H.Size))
    return true;
  if (!baseAligned(SH))
    return false;
  int64_t First = SH.Offset >> SLEUTH_SHADOW_SCALE;
  int64_t Last = First + (H.Size == 16 ? 1 : 0);
  return (SG.Offset >> SLEUTH_SHADOW_SCALE) >= First &&
         ((SG.Offset + int64_t(G.Size) - 1) >> SLEUTH_SHADOW_SCALE) <= Last;
}

void AccessInstrumenter::instrumentAll(ArrayRef<MemAccess> Accesses,
                                       bool Fold) {
  // Folding: an access G after H in the same block, with nothing between
  // them that may change the shadow (mayChangeShadow), whose bytes H's
  // inline test covers (testCovers), is checked only on H's slow path (H's
  // test found a non-zero shadow byte). If H's test passes, G's bytes are
  // addressable and G needs no test; if it fails, G gets its full check
  // there, with its own address, size and line, right after H's. Nothing
  // is dropped: G's check runs whenever G could be bad, before G runs (no
  // call between them, so G runs once H has), and the fast path has one
  // test for both: a read-modify-write (p->x |= 1), neighbouring fields.
  SmallVector<int, 32> Host(Accesses.size(), -1);
  if (Fold) {
    DenseMap<BasicBlock *, SmallVector<unsigned, 8>> ByBlock;
    for (unsigned Idx = 0; Idx < Accesses.size(); ++Idx)
      if (!Accesses[Idx].OutOfLine)
        ByBlock[Accesses[Idx].I->getParent()].push_back(Idx);
    for (auto &Entry : ByBlock) {
      if (Entry.second.size() < 2)
        continue;
      DenseMap<const Instruction *, unsigned> IdxOf;
      for (unsigned Idx : Entry.second)
        IdxOf[Accesses[Idx].I] = Idx;
      SmallVector<unsigned, 8> Open; // hosts since the last shadow change
      for (Instruction &I : *Entry.first) {
        // Not across calls either, even those that leave the shadow alone:
        // the values a folded check needs would live across the call.
        if (mayChangeShadow(I) ||
            (isa<CallBase>(I) && !isa<IntrinsicInst>(I))) {
          Open.clear();
          continue;
        }
        auto It = IdxOf.find(&I);
        if (It == IdxOf.end())
          continue;
        unsigned G = It->second;
        for (unsigned H : Open)
          if (testCovers(Accesses[H], Accesses[G])) {
            Host[G] = int(H);
            break;
          }
        if (Host[G] < 0 && Open.size() < 16)
          Open.push_back(G);
      }
    }
  }
  SmallVector<SmallVector<MemAccess, 2>, 32> Guests(Accesses.size());
  for (unsigned Idx = 0; Idx < Accesses.size(); ++Idx)
    if (Host[Idx] >= 0)
      Guests[Host[Idx]].push_back(Accesses[Idx]);
  // Splitting blocks does not disturb the list: it names instructions.
  for (unsigned Idx = 0; Idx < Accesses.size(); ++Idx)
    if (Host[Idx] < 0)
      instrument(Accesses[Idx], Guests[Idx]);
  // The queries loop versioning kept (it erases those of loops it left
  // alone), now that no analysis of the function's blocks is needed.
  for (WeakVH &Q : RangeQueries)
    if (auto *Call = dyn_cast_or_null<CallInst>(Q))
      addRangeQueryFastPath(Call);
  RangeQueries.clear();
}

void AccessInstrumenter::addRangeQueryFastPath(CallInst *Call) {
  // A range within one aligned run of 8 granules (64 bytes) has its shadow
  // in one aligned 8-byte word: if the bytes of its granules are all 0, it
  // is addressable. A short loop (a back-reference copy of a few bytes)
  // then pays a load and a compare instead of a call; anything else, a
  // partial last granule included, asks the runtime. The word is aligned,
  // so it never crosses into a page the range's own shadow is not on.
  Value *Addr = Call->getArgOperand(0), *Size = Call->getArgOperand(1);
  IRBuilder<> IRB(Call);
  IRB.SetCurrentDebugLocation(Call->getDebugLoc());
  auto C = [&](uint64_t V) { return ConstantInt::get(IntptrTy, V); };
  Value *Last = IRB.CreateSub(IRB.CreateAdd(Addr, Size), C(1));
  Value *G0 = IRB.CreateLShr(Addr, SLEUTH_SHADOW_SCALE);
  Value *G1 = IRB.CreateLShr(Last, SLEUTH_SHADOW_SCALE);
  Value *OneWord = IRB.CreateICmpULT(IRB.CreateXor(G0, G1), C(8));
  Value *WordAddr = IRB.CreateAdd(IRB.CreateAnd(G0, C(~uint64_t(7))),
                                  C(SLEUTH_SHADOW_OFFSET));
  Type *I64 = IRB.getInt64Ty();
  LoadInst *Word =
      IRB.CreateAlignedLoad(I64, IRB.CreateIntToPtr(WordAddr, pointerTo(I64)),
                            Align(8));
  Word->setMetadata("nosanitize", NoSanitize);
  // Bytes (G0 & 7) .. (G1 & 7) of the word (little-endian); the shifts stay
  // below 64 whatever the operands, so the mask is never poison.
  Value *LoBits = IRB.CreateShl(IRB.CreateAnd(G0, C(7)), C(3));
  Value *HiBits = IRB.CreateShl(IRB.CreateAnd(G1, C(7)), C(3));
  Value *Mask = IRB.CreateAnd(
      IRB.CreateLShr(ConstantInt::get(I64, ~uint64_t(0)),
                     IRB.CreateZExtOrTrunc(IRB.CreateSub(C(56), HiBits), I64)),
      IRB.CreateShl(ConstantInt::get(I64, ~uint64_t(0)),
                    IRB.CreateZExtOrTrunc(LoBits, I64)));
  Value *Clean =
      IRB.CreateICmpEQ(IRB.CreateAnd(Word, Mask), ConstantInt::get(I64, 0));
  Value *Ask = IRB.CreateNot(IRB.CreateAnd(OneWord, Clean));
  BasicBlock *Head = Call->getParent();
  Instruction *Term =
      SplitBlockAndInsertIfThen(Ask, Call, /*Unreachable=*/false, Unlikely);
  BasicBlock *Tail = Call->getParent();
  IRB.SetInsertPoint(Tail, Tail->begin());
  PHINode *Result = IRB.CreatePHI(IntptrTy, 2);
  Call->replaceAllUsesWith(Result);
  Call->moveBefore(*Term->getParent(), Term->getIterator());
  Result->addIncoming(C(0), Head);
  Result->addIncoming(Call, Term->getParent());
}

void AccessInstrumenter::emitRangeCheck(IRBuilderBase &IRB, Value *Addr,
                                        Value *Size, bool IsWrite) {
  CallInst *Call = IRB.CreateCall(CheckRange[IsWrite ? 1 : 0], {Addr, Size});
  Call->setMetadata("nosanitize", NoSanitize);
}

Value *AccessInstrumenter::emitRangeQuery(IRBuilderBase &IRB, Value *Addr,
                                          Value *Size, bool FastPath) {
  CallInst *Call = IRB.CreateCall(RangeQuery, {Addr, Size});
  Call->setMetadata("nosanitize", NoSanitize);
  Call->setDoesNotThrow();
  // A fast path (instrumentAll) only where it may answer: not for a range
  // known to be longer than 64 bytes.
  const auto *C = dyn_cast<ConstantInt>(Size);
  if (FastPath && !(C && C->getValue().ugt(64)))
    RangeQueries.emplace_back(Call);
  return IRB.CreateICmpNE(Call, ConstantInt::get(IntptrTy, 0));
}

void AccessInstrumenter::instrument(const MemAccess &Collected,
                                    ArrayRef<MemAccess> Guests) {
  // The address is read again from the instruction: loop versioning may
  // have rewritten it since collection (an LCSSA phi for a value of the loop).
  MemAccess A = Collected;
  A.Ptr = pointerOperand(*A.I);
  IRBuilder<> IRB(A.I);
  IRB.SetCurrentDebugLocation(A.I->getDebugLoc());
  Value *Addr = IRB.CreatePtrToInt(A.Ptr, IntptrTy);
  // The pointer the address was computed from (p of p[i]), for the report
  // of an overflow that lands in a freed neighbour; none if the address is
  // not computed from another pointer.
  Value *Base = getUnderlyingObject(A.Ptr);
  if (Base == A.Ptr->stripPointerCasts() || !Base->getType()->isPointerTy())
    Base = nullptr;
  Instruction *SlowTail = emitCheck(A, A.I, A.I->getDebugLoc(), Addr, Base,
                                    /*WantSlowTail=*/!Guests.empty());
  const DataLayout &DL = M.getDataLayout();
  for (const MemAccess &Collected : Guests) {
    // A guest's check on the host's slow path: its address from the base
    // it shares with the host (which dominates the host; the guest's own
    // address may be computed only after it).
    MemAccess G = Collected;
    G.Ptr = pointerOperand(*G.I);
    AccessSpan S = accessSpan(G, DL);
    IRBuilder<> GB(SlowTail);
    GB.SetCurrentDebugLocation(G.I->getDebugLoc());
    Value *BaseInt = GB.CreatePtrToInt(const_cast<Value *>(S.Base), IntptrTy);
    Value *GAddr =
        S.Offset ? GB.CreateAdd(BaseInt, ConstantInt::get(IntptrTy, S.Offset))
                 : BaseInt;
    Value *GBase = getUnderlyingObject(const_cast<Value *>(S.Base));
    if ((S.Offset == 0 && GBase == S.Base->stripPointerCasts()) ||
        !GBase->getType()->isPointerTy())
      GBase = nullptr;
    emitCheck(G, SlowTail, G.I->getDebugLoc(), GAddr, GBase, false);
  }
}

Instruction *AccessInstrumenter::emitCheck(const MemAccess &A,
                                           Instruction *InsertBefore,
                                           const DebugLoc &Loc, Value *Addr,
                                           Value *Base, bool WantSlowTail) {
  IRBuilder<> IRB(InsertBefore);
  IRB.SetCurrentDebugLocation(Loc);
  const unsigned W = A.IsWrite ? 1 : 0;
  Value *Size = ConstantInt::get(IntptrTy, A.Size);

  if (A.Size > 16) {
    emitRangeCheck(IRB, Addr, Size, A.IsWrite);
    return nullptr;
  }

  if (A.OutOfLine) {
    CallInst *Call = IRB.CreateCall(
        CheckN[W], {Addr, Size,
                    Base ? IRB.CreatePtrToInt(Base, IntptrTy)
                         : ConstantInt::get(IntptrTy, 0)});
    Call->setCallingConv(CallingConv::PreserveMost);
    // One call per access: its return address maps to the access's line.
    Call->addFnAttr(Attribute::NoMerge);
    Call->setMetadata("nosanitize", NoSanitize);
    return nullptr;
  }

  if (isPowerOf2_64(A.Size) &&
      A.Alignment.value() >= std::min<uint64_t>(A.Size, 8)) {
    // 1 and 2 bytes keep the partial-granule test inline: the tail of a
    // string or of a short array sits in a partial granule on every pass
    // over it. From 4 bytes on the report function makes it (abi.h): the
    // inline sequence is one shadow load, a compare and a branch.
    int PartialLast = A.Size < 4 ? int(A.Size) - 1 : -1;
    return emitShadowCheck(InsertBefore, Loc, Addr, nullptr,
                           /*WideShadow=*/A.Size == 16, PartialLast,
                           ReportFixed[W][Log2_64(A.Size)], {Addr}, Base,
                           WantSlowTail, alignedSpan(A));
  }

  // Unaligned or odd-sized: the shadow of the first and of the last byte,
  // so that an access whose tail crosses into the next granule is caught
  // too; either non-zero calls the report function, which checks every
  // byte (abi.h).
  Value *Last = IRB.CreateAdd(Addr, ConstantInt::get(IntptrTy, A.Size - 1));
  return emitShadowCheck(InsertBefore, Loc, Addr, Last, false, -1, ReportN[W],
                         {Addr, Size}, Base, WantSlowTail);
}

std::optional<AccessSpan>
AccessInstrumenter::alignedSpan(const MemAccess &A) const {
  const DataLayout &DL = M.getDataLayout();
  AccessSpan S = accessSpan(A, DL);
  // Offsets that fit a displacement; a base that is the address itself
  // gains nothing.
  if (S.Base == A.Ptr || S.Offset < -(int64_t(1) << 30) ||
      S.Offset > (int64_t(1) << 30) || !S.Base->getType()->isPointerTy() ||
      S.Base->getType()->getPointerAddressSpace() != 0)
    return std::nullopt;
  // (base + 8q) >> 3 is (base >> 3) + q for any base; other offsets need
  // a base that is a multiple of 8.
  if (S.Offset % 8 == 0 || baseAligned(S))
    return S;
  return std::nullopt;
}

bool AccessInstrumenter::baseAligned(const AccessSpan &S) const {
  // What the base's definition says (an alloca, a global, an `align`
  // attribute), not an access's alignment: code that reads a packed buffer
  // through a struct pointer breaks that promise, and the shadow must
  // follow the real address.
  return S.Base->getPointerAlignment(M.getDataLayout()).value() >= 8;
}

Value *AccessInstrumenter::loadShadow(IRBuilderBase &IRB, Value *Addr,
                                      Type *ShadowTy,
                                      const AccessSpan *Aligned) {
  // From a base known to be a multiple of 8, the shadow of base + off is
  // (base >> 3) + (off >> 3): every access from one base then shares the
  // shift (code generation computes it once where it dominates them), and
  // the constant goes into the load's displacement.
  Value *ShadowAddr =
      Aligned
          ? IRB.CreateAdd(
                IRB.CreateLShr(IRB.CreatePtrToInt(
                                   const_cast<Value *>(Aligned->Base), IntptrTy),
                               SLEUTH_SHADOW_SCALE),
                ConstantInt::get(IntptrTy, SLEUTH_SHADOW_OFFSET +
                                               (Aligned->Offset >>
                                                SLEUTH_SHADOW_SCALE)))
          : IRB.CreateAdd(IRB.CreateLShr(Addr, SLEUTH_SHADOW_SCALE),
                          ConstantInt::get(IntptrTy, SLEUTH_SHADOW_OFFSET));
  Value *ShadowPtr = IRB.CreateIntToPtr(ShadowAddr, pointerTo(ShadowTy));
  LoadInst *Shadow = IRB.CreateAlignedLoad(ShadowTy, ShadowPtr, Align(1));
  Shadow->setMetadata("nosanitize", NoSanitize);
  return Shadow;
}

Instruction *AccessInstrumenter::emitShadowCheck(
    Instruction *InsertBefore, const DebugLoc &Loc, Value *Addr,
    Value *LastAddr, bool WideShadow, int PartialLast, FunctionCallee Report,
    ArrayRef<Value *> Args, Value *Base, bool WantSlowTail,
    std::optional<AccessSpan> Aligned) {
  IRBuilder<> IRB(InsertBefore);
  IRB.SetCurrentDebugLocation(Loc);

  Type *ShadowTy = WideShadow ? IRB.getInt16Ty() : IRB.getInt8Ty();
  Value *Shadow = loadShadow(IRB, Addr, ShadowTy, Aligned ? &*Aligned : nullptr);
  Value *NonZero = IRB.CreateICmpNE(Shadow, ConstantInt::get(ShadowTy, 0));
  if (LastAddr) {
    // The last byte's shadow too, one branch for both (PartialLast < 0).
    Value *LastShadow = loadShadow(IRB, LastAddr, ShadowTy);
    NonZero = IRB.CreateOr(
        NonZero, IRB.CreateICmpNE(LastShadow, ConstantInt::get(ShadowTy, 0)));
  }
  Instruction *Term = SplitBlockAndInsertIfThen(NonZero, InsertBefore,
                                                /*Unreachable=*/false, Unlikely);
  Instruction *SlowTail = nullptr;

  if (PartialLast >= 0) {
    // Partially addressable granule: the access is bad if its last byte's
    // offset in the granule reaches the count of addressable bytes. Term is
    // "br Cont" at the end of the slow block; it becomes
    // "br Bad, Report, Cont" with the report in a block of its own.
    BasicBlock *Cont = Term->getSuccessor(0);
    IRB.SetInsertPoint(Term);
    IRB.SetCurrentDebugLocation(Loc);
    // From an aligned base the address's offset in its granule is known.
    Value *Low = Aligned && baseAligned(*Aligned)
                     ? ConstantInt::get(IntptrTy, Aligned->Offset & 7)
                         : IRB.CreateAnd(Addr, ConstantInt::get(IntptrTy, 7));
    if (PartialLast > 0)
      Low = IRB.CreateAdd(Low, ConstantInt::get(IntptrTy, PartialLast));
    Low = IRB.CreateTrunc(Low, IRB.getInt8Ty());
    Value *Bad = IRB.CreateICmpSGE(Low, Shadow);
    BasicBlock *ReportBB =
        BasicBlock::Create(M.getContext(), "", Cont->getParent(), Cont);
    // With folded checks (instrumentAll), both ways out of the slow block
    // meet in a block of their own before Cont, which holds them.
    BasicBlock *After = Cont;
    if (WantSlowTail) {
      After = BasicBlock::Create(M.getContext(), "", Cont->getParent(), Cont);
      SlowTail = IRBuilder<>(After).CreateBr(Cont);
    }
    IRB.CreateCondBr(Bad, ReportBB, After, Unlikely);
    Term->eraseFromParent();
    IRB.SetInsertPoint(ReportBB);
    IRB.SetCurrentDebugLocation(Loc);
    Term = IRB.CreateBr(After);
  }

  IRB.SetInsertPoint(Term);
  IRB.SetCurrentDebugLocation(Loc);
  SmallVector<Value *, 4> CallArgs(Args.begin(), Args.end());
  CallArgs.push_back(Base ? IRB.CreatePtrToInt(Base, IntptrTy)
                          : ConstantInt::get(IntptrTy, 0));
  CallInst *Call = IRB.CreateCall(Report, CallArgs);
  Call->setCallingConv(CallingConv::PreserveMost);
  // Keep one report call per access so its return address maps to the
  // access's own line.
  Call->addFnAttr(Attribute::NoMerge);
  Call->setMetadata("nosanitize", NoSanitize);
  if (!WantSlowTail)
    return nullptr;
  // The end of the slow path: after the report call, or the block both
  // ways out of the partial test meet in.
  return SlowTail ? SlowTail : Term;
}

} // namespace sleuth
