//===- StackLayout.cpp - redzones around local variables ------------------===//
//
// The static allocas of the entry block that need redzones (needsRedzone:
// any use other than a load/store provably in bounds at a constant offset,
// lifetime markers and debug info) are merged into one frame alloca:
//
//   [0, 32)   left redzone (f1); its first words hold SLEUTH_FRAME_MAGIC, a
//             pointer to the frame description and the function's address
//   [off, off+size) each variable, aligned to max(32, its alignment),
//             followed by a mid (f2) or, after the last one, right (f3)
//             redzone; a partial last granule gets k
//
// The frame's shadow is written at entry with inline i64/i32 stores of its
// non-zero parts, and the same shadow words are cleared before every `ret`
// and `resume`. Frames left another way (longjmp, an exception unwinding
// through a call, exit) are unpoisoned by __sleuth_handle_no_return, emitted
// before every call to a noreturn function, and by the runtime's longjmp /
// __cxa_throw interceptors.
//
// Not done (left as in a build without stack redzones): functions with
// musttail calls or funclet-based EH. Functions calling returns_twice
// functions (setjmp, vfork) get redzones without use-after-scope or
// use-after-return. Dynamic allocas: DynamicAllocas.cpp.
//
// Use-after-return (use_after_return=1, frames up to SLEUTH_FAKE_FRAME_MAX):
// entry loads __sleuth_detect_stack_use_after_return; if set, the frame is
// __sleuth_stack_malloc(size) from the thread's fake stack (or the real one
// if that returns 0), and each exit hands a fake frame to
// __sleuth_stack_free, which poisons it f5, instead of clearing the shadow.
//
// Use-after-scope (use_after_scope=1): a variable whose lifetime markers
// all cover it whole is poisoned f8 at entry, unpoisoned at each
// lifetime.start and poisoned again at each lifetime.end; exits clear it.
// The wrapper passes -Xclang -fsanitize-address-use-after-scope so that
// clang emits the markers at -O0 too. The markers are then removed.
//
// Runs after the function's accesses were instrumented, so that "provably
// in bounds" is decided against each variable's own size.
//
//===----------------------------------------------------------------------===//
#include "Compat.h"
#include "SleuthPass.h"

#include "abi.h"

#include <tuple>
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

#include <string>
#include <utility>

using namespace llvm;

namespace sleuth {

namespace {

constexpr uint64_t LeftRZ = 32;
constexpr uint8_t ShLeft = 0xf1, ShMid = 0xf2, ShRight = 0xf3,
                  ShScope = 0xf8;
/// Uniform shadow runs at least this long are written by a runtime call.
constexpr uint64_t CallRun = 64;

bool isLifetimeOrDebug(const Instruction *I) {
  if (isa<DbgInfoIntrinsic>(I))
    return true;
  if (auto *II = dyn_cast<IntrinsicInst>(I))
    return II->getIntrinsicID() == Intrinsic::lifetime_start ||
           II->getIntrinsicID() == Intrinsic::lifetime_end;
  return false;
}

/// Whether every use of AI is a load/store of a constant, in-bounds offset
/// (through casts and constant GEPs), a lifetime marker or debug info.
bool allUsesSafe(AllocaInst *AI, uint64_t Size, const DataLayout &DL) {
  SmallVector<std::pair<Value *, int64_t>, 16> Work;
  Work.push_back({AI, 0});
  unsigned Budget = 256;
  while (!Work.empty()) {
    // Not a structured binding: lambdas cannot capture those before C++20,
    // and clang (unlike g++) says so.
    Value *V;
    int64_t Off;
    std::tie(V, Off) = Work.pop_back_val();
    for (User *U : V->users()) {
      if (!Budget--)
        return false;
      auto *I = dyn_cast<Instruction>(U);
      if (!I)
        return false;
      auto InBounds = [&](Type *Ty) {
        TypeSize TS = DL.getTypeStoreSize(Ty);
        return !TS.isScalable() && Off >= 0 &&
               uint64_t(Off) + TS.getFixedValue() <= Size;
      };
      if (auto *LI = dyn_cast<LoadInst>(I)) {
        if (!InBounds(LI->getType()))
          return false;
      } else if (auto *SI = dyn_cast<StoreInst>(I)) {
        if (SI->getValueOperand() == V || !InBounds(SI->getValueOperand()->getType()))
          return false;
      } else if (isa<BitCastInst>(I)) {
        Work.push_back({I, Off});
      } else if (auto *GEP = dyn_cast<GetElementPtrInst>(I)) {
        APInt C(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
        if (!GEP->accumulateConstantOffset(DL, C))
          return false;
        Work.push_back({I, Off + C.getSExtValue()});
      } else if (!isLifetimeOrDebug(I)) {
        return false;
      }
    }
  }
  return true;
}

struct Var {
  AllocaInst *AI;
  uint64_t Size;
  uint64_t Align;
  uint64_t Offset = 0;
  std::string Name;
  unsigned Line = 0;
  SmallVector<IntrinsicInst *, 4> Starts, Ends; // lifetime markers
  bool Scoped = false; // use-after-scope: poisoned f8 outside its markers
};

/// Whether U is the same address as its operand under another type: a cast,
/// or a GEP whose indices are all zero (LLVM 14's InstCombine turns the
/// bitcast in front of a lifetime marker into `gep %struct, 0, 0, 0`).
bool isSameAddress(const User *U) {
  if (isa<BitCastInst>(U))
    return true;
  const auto *GEP = dyn_cast<GetElementPtrInst>(U);
  return GEP && GEP->hasAllZeroIndices();
}

/// The alloca and its other-typed spellings (zero offset): LLVM 14's
/// InstCombine can retype an alloca and leave the variable's debug
/// declaration on a bitcast of it, and its lifetime markers on a GEP.
SmallVector<Value *, 4> addressesOf(AllocaInst *AI) {
  SmallVector<Value *, 4> Out{AI};
  for (size_t i = 0; i < Out.size() && Out.size() < 64; ++i)
    for (User *U : Out[i]->users())
      if (isSameAddress(U))
        Out.push_back(U);
  return Out;
}

/// Names V after the first debug record of Addr that describes it: a
/// declaration, an assignment marker (LLVM 22's assignment tracking, on by
/// default at -O1+), or, once the optimiser lowered the declaration
/// (InstCombine turns it into dbg.values when only loads, stores and calls
/// use the alloca), a dbg.value of the address with DW_OP_deref (without
/// the deref it describes a pointer to the variable, `p = buf`).
void nameFrom(Var &V, Value *Addr) {
  auto Take = [&](DILocalVariable *D) {
    if (!D || !V.Name.empty())
      return;
    V.Name = D->getName().str();
    V.Line = D->getLine();
  };
#if LLVM_VERSION_MAJOR >= 22
  for (auto *DVR : findDVRDeclares(Addr))
    Take(DVR->getVariable());
  if (auto *I = dyn_cast<Instruction>(Addr))
    for (auto *DVR : at::getDVRAssignmentMarkers(I))
      Take(DVR->getVariable());
  for (auto *DVR : findDVRValues(Addr))
    if (DVR->getExpression()->startsWithDeref())
      Take(DVR->getVariable());
#else
  for (auto *DDI : FindDbgDeclareUses(Addr))
    Take(DDI->getVariable());
  SmallVector<DbgValueInst *, 4> Values;
  findDbgValues(Values, Addr);
  for (DbgValueInst *DVI : Values)
    if (DVI->getExpression()->startsWithDeref())
      Take(DVI->getVariable());
#endif
}

void nameOf(Var &V) {
  for (Value *Addr : addressesOf(V.AI))
    if (V.Name.empty())
      nameFrom(V, Addr);
  if (!V.Name.empty())
    return;
  // No debug variable (a C++ temporary): clang's name for the alloca, kept
  // by -fno-discard-value-names, and the line where its lifetime starts.
  V.Name = V.AI->hasName() ? V.AI->getName().str() : std::string("<unknown>");
  for (IntrinsicInst *Start : V.Starts)
    if (const DebugLoc &DL = Start->getDebugLoc()) {
      V.Line = DL.getLine();
      break;
    }
}

uint64_t redzoneAfter(uint64_t Size) {
  return Size <= 16 ? 16 : Size <= 128 ? 32 : Size <= 512 ? 64
         : Size <= 4096 ? 128 : 256;
}

uint64_t alignUp(uint64_t X, uint64_t A) { return (X + A - 1) / A * A; }

} // namespace

unsigned addNoReturnCalls(Function &F) {
  SmallVector<CallBase *, 8> Calls;
  for (Instruction &I : instructions(F)) {
    auto *CB = dyn_cast<CallBase>(&I);
    if (!CB || !CB->doesNotReturn() || isa<IntrinsicInst>(CB) ||
        CB->isInlineAsm())
      continue;
    if (Function *Callee = CB->getCalledFunction())
      if (Callee->getName().substr(0, 9) == "__sleuth_")
        continue;
    Calls.push_back(CB);
  }
  if (Calls.empty())
    return 0;
  Module &M = *F.getParent();
  FunctionCallee Fn = M.getOrInsertFunction("__sleuth_handle_no_return",
                                            Type::getVoidTy(M.getContext()));
  for (CallBase *CB : Calls) {
    IRBuilder<> IRB(CB);
    IRB.SetCurrentDebugLocation(CB->getDebugLoc());
    CallInst *C = IRB.CreateCall(Fn, {});
    C->setMetadata("nosanitize", MDNode::get(M.getContext(), {}));
  }
  return Calls.size();
}

bool needsStackSlot(AllocaInst &AI, const DataLayout &DL) {
  if (!AI.isStaticAlloca() || AI.isSwiftError() || AI.isUsedWithInAlloca() ||
      AI.getType()->getAddressSpace() != 0 ||
      !isa<BasicBlock>(AI.getParent()) ||
      AI.getParent() != &AI.getFunction()->getEntryBlock())
    return false;
  auto Bits = AI.getAllocationSizeInBits(DL);
  if (!Bits || Bits->isScalable() || Bits->getFixedValue() == 0)
    return false;
  uint64_t Size = Bits->getFixedValue() / 8;
  if (Size > (uint64_t(1) << 30) || AI.getAlign().value() > 4096)
    return false;
  return !allUsesSafe(&AI, Size, DL);
}

unsigned layOutStack(Function &F, bool UseAfterScope, bool UseAfterReturn,
                     function_ref<void()> BeforeChange) {
  // A function that calls setjmp (or vfork) gets its redzones, as with
  // ASan, but no use-after-scope poisoning (a longjmp back into a scope
  // that was left would find its variables poisoned) and no fake frame.
  if (F.callsFunctionThatReturnsTwice())
    UseAfterScope = UseAfterReturn = false;
  Module &M = *F.getParent();
  const DataLayout &DL = M.getDataLayout();
  LLVMContext &C = M.getContext();

  SmallVector<Instruction *, 8> Exits;
  for (BasicBlock &BB : F) {
    Instruction *T = BB.getTerminator();
    if (!T)
      return 0;
    if (isa<ReturnInst>(T) || isa<ResumeInst>(T))
      Exits.push_back(T);
    for (Instruction &I : BB) {
      if (I.isEHPad() && !isa<LandingPadInst>(I))
        return 0; // funclet-based EH
      if (auto *CI = dyn_cast<CallInst>(&I))
        if (CI->isMustTailCall())
          return 0;
    }
  }

  SmallVector<Var, 8> Vars;
  for (Instruction &I : F.getEntryBlock()) {
    auto *AI = dyn_cast<AllocaInst>(&I);
    if (!AI || !needsStackSlot(*AI, DL))
      continue;
    Var V;
    V.AI = AI;
    V.Size = AI->getAllocationSizeInBits(DL)->getFixedValue() / 8;
    V.Align = AI->getAlign().value();
    Vars.push_back(V);
  }
  if (Vars.empty())
    return 0;
  BeforeChange();

  // Lifetime markers of each variable (through casts and zero GEPs). A
  // variable is scoped (use-after-scope) if it has both kinds and each
  // covers it whole.
  for (Var &V : Vars) {
    bool Ok = true;
    for (Value *P : addressesOf(V.AI)) {
      for (User *U : P->users()) {
        if (auto *II = dyn_cast<IntrinsicInst>(U)) {
          Intrinsic::ID ID = II->getIntrinsicID();
          if (ID != Intrinsic::lifetime_start && ID != Intrinsic::lifetime_end)
            continue;
          if (II->arg_size() == 2) { // (size, ptr) before LLVM 21
            auto *Sz = dyn_cast<ConstantInt>(II->getArgOperand(0));
            if (!Sz || (!Sz->isMinusOne() && Sz->getZExtValue() != V.Size))
              Ok = false;
          }
          (ID == Intrinsic::lifetime_start ? V.Starts : V.Ends).push_back(II);
        }
      }
    }
    V.Scoped = UseAfterScope && Ok && !V.Starts.empty() && !V.Ends.empty();
  }

  // Layout.
  uint64_t Cur = LeftRZ, FrameAlign = 32;
  for (Var &V : Vars) {
    uint64_t A = V.Align > 32 ? V.Align : 32;
    FrameAlign = A > FrameAlign ? A : FrameAlign;
    V.Offset = alignUp(Cur, A);
    Cur = alignUp(V.Offset + V.Size + redzoneAfter(V.Size), 32);
  }
  uint64_t FrameSize = Cur;
  SmallVector<uint8_t, 64> Shadow(FrameSize / 8, ShMid);
  for (unsigned i = 0; i < LeftRZ / 8; ++i)
    Shadow[i] = ShLeft;
  auto VarShadow = [](const Var &V, bool InScope,
                      SmallVectorImpl<uint8_t> &Out) {
    uint64_t G = V.Offset / 8, E = (V.Offset + V.Size) / 8;
    for (uint64_t i = G; i < E; ++i)
      Out[i] = InScope ? 0 : ShScope;
    if (V.Size % 8)
      Out[E] = InScope ? uint8_t(V.Size % 8) : ShScope;
  };
  for (const Var &V : Vars)
    VarShadow(V, !V.Scoped, Shadow);
  const Var &Last = Vars.back();
  for (uint64_t i = alignUp(Last.Offset + Last.Size, 8) / 8; i < Shadow.size();
       ++i)
    Shadow[i] = ShRight;

  // Description: "N off size len name:line ...".
  std::string Desc = std::to_string(Vars.size());
  for (Var &V : Vars) {
    nameOf(V);
    std::string N = V.Name;
    if (V.Line)
      N += ":" + std::to_string(V.Line);
    Desc += " " + std::to_string(V.Offset) + " " + std::to_string(V.Size) +
            " " + std::to_string(N.size()) + " " + N;
  }

  // The entry block's static allocas first, so that code inserted after
  // them (the fake-stack branch splits the block) leaves them static.
  BasicBlock &Entry = F.getEntryBlock();
  SmallVector<AllocaInst *, 16> EntryAllocas;
  for (Instruction &I : Entry)
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      if (isa<Constant>(AI->getArraySize()))
        EntryAllocas.push_back(AI);
  for (auto It = EntryAllocas.rbegin(); It != EntryAllocas.rend(); ++It)
    (*It)->moveBefore(Entry, Entry.getFirstInsertionPt());
  // The frame code goes after the allocas and after the debug intrinsics
  // that follow them: replaceDbgDeclare below erases the variables'
  // dbg.declares, and the builder must never stand on an erased
  // instruction (an empty by-value parameter or an SROA-split aggregate
  // leaves a dbg.declare as the entry block's first non-alloca).
  BasicBlock::iterator After = Entry.getFirstInsertionPt();
  while (isa<DbgInfoIntrinsic>(&*After) ||
         (isa<AllocaInst>(&*After) &&
          isa<Constant>(cast<AllocaInst>(&*After)->getArraySize())))
    ++After;
  IRBuilder<> IRB(&Entry, After);
  if (DISubprogram *SP = F.getSubprogram())
    IRB.SetCurrentDebugLocation(DILocation::get(C, SP->getScopeLine(), 0, SP));
  Type *I8 = IRB.getInt8Ty();
  IntegerType *IntptrTy = DL.getIntPtrType(C);
  // The frame itself is the block's first instruction, so that the
  // rewritten dbg.declares (which stay where the old ones were) and every
  // other user come after its definition.
  AllocaInst *Frame = new AllocaInst(ArrayType::get(I8, FrameSize),
                                     DL.getAllocaAddrSpace(), nullptr,
                                     Align(FrameAlign), "sleuth.frame");
#if LLVM_VERSION_MAJOR >= 18
  Frame->insertBefore(Entry.getFirstInsertionPt());
#else
  Frame->insertBefore(&*Entry.getFirstInsertionPt());
#endif

  // Use-after-return: when the runtime's flag is set, the frame comes from
  // the thread's fake stack (0 if it has no room: then the real one), and
  // outlives the return poisoned f5.
  Value *FrameInt = IRB.CreatePtrToInt(Frame, IntptrTy);
  Value *IsFake = nullptr;
  Type *VoidTy = Type::getVoidTy(C);
  bool Fakeable = UseAfterReturn && FrameSize <= SLEUTH_FAKE_FRAME_MAX;
  if (Fakeable) {
    Type *I32 = IRB.getInt32Ty();
    Constant *Flag = M.getOrInsertGlobal(
        "__sleuth_detect_stack_use_after_return", I32);
    Value *On = IRB.CreateICmpNE(IRB.CreateLoad(I32, Flag),
                                 ConstantInt::get(I32, 0));
    Instruction *SplitAt = &*IRB.GetInsertPoint();
    Instruction *ThenTerm = SplitBlockAndInsertIfThen(
        On, SplitAt, false,
        MDBuilder(C).createBranchWeights(1, 1u << 20));
    BasicBlock *Then = ThenTerm->getParent();
    IRBuilder<> TB(ThenTerm);
    TB.SetCurrentDebugLocation(IRB.getCurrentDebugLocation());
    FunctionCallee Malloc = M.getOrInsertFunction("__sleuth_stack_malloc",
                                                  IntptrTy, IntptrTy);
    Value *Fake =
        TB.CreateCall(Malloc, {ConstantInt::get(IntptrTy, FrameSize)});
    BasicBlock *Tail = SplitAt->getParent();
    IRB.SetInsertPoint(Tail, Tail->begin());
    PHINode *Phi = IRB.CreatePHI(IntptrTy, 2, "sleuth.fake");
    Phi->addIncoming(ConstantInt::get(IntptrTy, 0), &Entry);
    Phi->addIncoming(Fake, Then);
    IsFake = IRB.CreateICmpNE(Phi, ConstantInt::get(IntptrTy, 0));
    FrameInt = IRB.CreateSelect(IsFake, Phi, FrameInt);
  }
  Value *FrameI8 = Fakeable ? IRB.CreateIntToPtr(FrameInt, pointerTo(I8))
                            : IRB.CreatePointerCast(Frame, pointerTo(I8));

  DIBuilder DIB(M, /*AllowUnresolved=*/false);
  for (Var &V : Vars) {
    for (Value *Addr : addressesOf(V.AI))
      replaceDbgDeclare(Addr, Frame, DIB, DIExpression::ApplyOffset,
                        int(V.Offset));
    Value *P = IRB.CreateConstInBoundsGEP1_64(I8, FrameI8, V.Offset);
    P = IRB.CreatePointerCast(P, V.AI->getType());
    P->takeName(V.AI);
    V.AI->replaceAllUsesWith(P);
    // Erased at the end: IRB's insertion point may be this alloca.
  }

  // Header in the left redzone.
  auto *DescGV = new GlobalVariable(
      M, ArrayType::get(I8, Desc.size() + 1), true, GlobalValue::PrivateLinkage,
      ConstantDataArray::getString(C, Desc), "sleuth.frame_desc");
  DescGV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  DescGV->setAlignment(Align(1));
  auto StoreWord = [&](uint64_t Off, Value *Val) {
    Value *Addr = IRB.CreateIntToPtr(
        IRB.CreateAdd(FrameInt, ConstantInt::get(IntptrTy, Off)),
        pointerTo(IntptrTy));
    IRB.CreateAlignedStore(Val, Addr, Align(8));
  };
  StoreWord(0, ConstantInt::get(IntptrTy, SLEUTH_FRAME_MAGIC));
  StoreWord(8, IRB.CreatePtrToInt(DescGV, IntptrTy));
  StoreWord(16, IRB.CreatePtrToInt(&F, IntptrTy));

  // Shadow writes: the bytes Vals[i] for i with Mask[i], as i64/i32/i16/i8
  // stores, or __sleuth_set_shadow for uniform runs of CallRun bytes or more.
  FunctionCallee SetShadow = M.getOrInsertFunction(
      "__sleuth_set_shadow", VoidTy, IntptrTy, IntptrTy, IntptrTy);
  auto EmitShadow = [&](IRBuilder<> &B, Value *ShadowBase,
                        ArrayRef<uint8_t> Vals, ArrayRef<bool> Mask) {
    uint64_t N = Vals.size();
    for (uint64_t i = 0; i < N;) {
      if (!Mask[i]) {
        ++i;
        continue;
      }
      uint64_t End = i; // end of the masked run
      while (End < N && Mask[End])
        ++End;
      while (i < End) {
        uint64_t j = i;
        while (j < End && Vals[j] == Vals[i])
          ++j;
        Value *Addr = B.CreateAdd(ShadowBase, ConstantInt::get(IntptrTy, i));
        if (j - i >= CallRun) {
          B.CreateCall(SetShadow, {Addr, ConstantInt::get(IntptrTy, j - i),
                                   ConstantInt::get(IntptrTy, Vals[i])});
          i = j;
          continue;
        }
        unsigned W = End - i >= 8 ? 8 : End - i >= 4 ? 4 : End - i >= 2 ? 2 : 1;
        uint64_t Val = 0;
        for (unsigned k = 0; k < W; ++k)
          Val |= uint64_t(Vals[i + k]) << (8 * k);
        Type *Ty = B.getIntNTy(8 * W);
        B.CreateAlignedStore(ConstantInt::get(Ty, Val),
                             B.CreateIntToPtr(Addr, pointerTo(Ty)), Align(1));
        i += W;
      }
    }
  };
  auto ShadowOf = [&](IRBuilder<> &B) {
    return B.CreateAdd(B.CreateLShr(FrameInt, SLEUTH_SHADOW_SCALE),
                       ConstantInt::get(IntptrTy, SLEUTH_SHADOW_OFFSET));
  };

  // Entry: the non-zero shadow (the stack's shadow is clean on entry).
  SmallVector<bool, 64> EntryMask(Shadow.size()), ExitMask(Shadow.size());
  for (size_t i = 0; i < Shadow.size(); ++i)
    ExitMask[i] = EntryMask[i] = Shadow[i] != 0;
  EmitShadow(IRB, ShadowOf(IRB), Shadow, EntryMask);

  // Lifetime markers of scoped variables: unpoison at start, f8 at end.
  for (const Var &V : Vars) {
    if (!V.Scoped)
      continue;
    SmallVector<uint8_t, 64> In(Shadow.size(), 0), Out(Shadow.size(), 0);
    SmallVector<bool, 64> VMask(Shadow.size(), false);
    VarShadow(V, true, In);
    VarShadow(V, false, Out);
    for (uint64_t i = V.Offset / 8; i < alignUp(V.Offset + V.Size, 8) / 8; ++i)
      ExitMask[i] = VMask[i] = true;
    for (IntrinsicInst *II : V.Starts) {
      IRBuilder<> B(II);
      B.SetCurrentDebugLocation(II->getDebugLoc());
      EmitShadow(B, ShadowOf(B), In, VMask);
    }
    for (IntrinsicInst *II : V.Ends) {
      IRBuilder<> B(II);
      B.SetCurrentDebugLocation(II->getDebugLoc());
      EmitShadow(B, ShadowOf(B), Out, VMask);
    }
  }

  // Every exit: clear what entry or a lifetime end may have poisoned.
  SmallVector<uint8_t, 64> Zero(Shadow.size(), 0);
  // A fake frame is instead handed back, poisoned f5 whole.
  FunctionCallee Free;
  if (Fakeable)
    Free = M.getOrInsertFunction("__sleuth_stack_free", VoidTy, IntptrTy,
                                 IntptrTy);
  for (Instruction *T : Exits) {
    Instruction *ClearAt = T;
    if (Fakeable) {
      Instruction *FakeT, *RealT;
      SplitBlockAndInsertIfThenElse(IsFake, T, &FakeT, &RealT);
      IRBuilder<> B(FakeT);
      B.SetCurrentDebugLocation(T->getDebugLoc());
      B.CreateCall(Free, {FrameInt, ConstantInt::get(IntptrTy, FrameSize)});
      ClearAt = RealT;
    }
    IRBuilder<> B(ClearAt);
    B.SetCurrentDebugLocation(T->getDebugLoc());
    EmitShadow(B, ShadowOf(B), Zero, ExitMask);
  }
  // Markers are no use on the frame (and LLVM 21+ wants them on allocas).
  for (Var &V : Vars) {
    for (IntrinsicInst *II : V.Starts)
      II->eraseFromParent();
    for (IntrinsicInst *II : V.Ends)
      II->eraseFromParent();
  }
  for (Var &V : Vars)
    V.AI->eraseFromParent();
  return Vars.size();
}

} // namespace sleuth
