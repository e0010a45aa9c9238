//===- AccessInstrumenter.h - shadow checks for memory accesses -*- C++ -*-===//
//
// Finds the memory accesses worth checking (getInterestingAccess is the one
// place that decides), drops checks made redundant by an earlier check in the
// same block, and emits the inline shadow checks with calls to the runtime's
// report functions on the cold path.
//
//===----------------------------------------------------------------------===//
#ifndef SLEUTH_ACCESS_INSTRUMENTER_H
#define SLEUTH_ACCESS_INSTRUMENTER_H

#include "PassOptions.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/DerivedTypes.h" // FunctionCallee
#include "llvm/IR/ValueHandle.h"
#include "llvm/Support/Alignment.h"

#include <cstdint>
#include <optional>

namespace llvm {
class CallInst;
class DataLayout;
class DebugLoc;
class Function;
class Instruction;
class IRBuilderBase;
class IntegerType;
class MDNode;
class Module;
class Value;
} // namespace llvm

namespace sleuth {

/// One memory access to check.
struct MemAccess {
  llvm::Instruction *I = nullptr; // the accessing instruction
  llvm::Value *Ptr = nullptr;     // the address
  uint64_t Size = 0;              // bytes (store size of the accessed type)
  llvm::Align Alignment;          // alignment the instruction promises
  bool IsWrite = false;           // stores, atomicrmw and cmpxchg
  bool OutOfLine = false;         // one call __sleuth_check_*_n (cold code)
};

/// The one function that decides whether I is an access to check: returns
/// the access, or nothing if I is not an access, is turned off by the knobs,
/// or cannot go wrong (see the .cpp for the list).
std::optional<MemAccess> getInterestingAccess(llvm::Instruction &I,
                                              const llvm::DataLayout &DL,
                                              const PassOptions &Opts);

/// Where an access's bytes lie: Offset bytes from Base (its address with
/// constant-offset GEPs and casts stripped).
struct AccessSpan {
  const llvm::Value *Base = nullptr;
  int64_t Offset = 0;
};
AccessSpan accessSpan(const MemAccess &A, const llvm::DataLayout &DL);

/// Whether A's check, if it passes, shows every byte of B addressable, and
/// A's report would name B's fault too: B's bytes lie within A's (same
/// base, constant offsets), A's check tests each of its bytes (not only the
/// first and the last: unaligned accesses of more than 8 bytes are left
/// out), and A is a store or B a load (a load's report does not name a
/// write). Only the addresses are compared: the caller must know that the
/// shadow cannot change between A and B.
bool checkCovers(const MemAccess &A, const AccessSpan &SA, const MemAccess &B,
                 const AccessSpan &SB);

/// The address operand of a load, store, atomicrmw or cmpxchg (else null).
llvm::Value *pointerOperand(llvm::Instruction &I);

struct AccessStats {
  unsigned Instrumented = 0; // checks emitted
  unsigned Redundant = 0;    // interesting accesses whose check was dropped
  unsigned Hoisted = 0;      // per-iteration checks replaced by one per loop
  unsigned Versioned = 0;    // loops given a checked copy (LoopChecks.cpp)
};

class AccessInstrumenter {
public:
  explicit AccessInstrumenter(llvm::Module &M);

  /// Phase 1: every interesting access of F, in order, minus those whose
  /// check an earlier check in the same block already made (Opts.Optimize).
  llvm::SmallVector<MemAccess, 32> collect(llvm::Function &F,
                                           const PassOptions &Opts,
                                           AccessStats &Stats);
  /// Phase 2: emit the checks (splits blocks). With Fold, a check whose
  /// bytes an earlier inline test in the same block covers is made on that
  /// test's slow path only (see the .cpp).
  void instrumentAll(llvm::ArrayRef<MemAccess> Accesses, bool Fold);
  /// One call __sleuth_check_{load,store}_range(Addr, Size) at IRB's point.
  void emitRangeCheck(llvm::IRBuilderBase &IRB, llvm::Value *Addr,
                      llvm::Value *Size, bool IsWrite);

  /// __sleuth_range_is_poisoned(Addr, Size) != 0 at IRB's point: whether
  /// some byte of the range is not addressable (reports nothing). With
  /// FastPath (a query that runs once per run of its loop, not once per
  /// run of a whole nest) the call gets an inline test in instrumentAll,
  /// once the caller's analyses of the blocks are done with (it splits the
  /// block).
  llvm::Value *emitRangeQuery(llvm::IRBuilderBase &IRB, llvm::Value *Addr,
                              llvm::Value *Size, bool FastPath);

  llvm::IntegerType *intptrTy() const { return IntptrTy; }

private:
  /// A's check, and on its slow path those of Guests (instrumentAll).
  void instrument(const MemAccess &A, llvm::ArrayRef<MemAccess> Guests);
  /// A's check of Addr before InsertBefore, reported at Loc; returns the
  /// end of its slow path (the first test failed) if WantSlowTail and the
  /// check is an inline shadow test, else null.
  llvm::Instruction *emitCheck(const MemAccess &A,
                               llvm::Instruction *InsertBefore,
                               const llvm::DebugLoc &Loc, llvm::Value *Addr,
                               llvm::Value *Base, bool WantSlowTail);
  /// Whether H's inline first test passing shows G's bytes addressable.
  bool testCovers(const MemAccess &H, const MemAccess &G) const;
  /// Puts an inline test before a range query's call: a range whose shadow
  /// lies in one aligned word of zeros skips the call (result 0).
  void addRangeQueryFastPath(llvm::CallInst *Call);
  /// Emits, before InsertBefore: load the shadow of Addr (1 byte, or 2 bytes
  /// if WideShadow), and of LastAddr too if that is not null; if either is
  /// non-zero and (PartialLast < 0, or the partial-granule test
  /// (Addr & 7) + PartialLast >= shadow holds), call Report(Args, base)
  /// (preserve_mostcc): base is Base as an integer (0 if null), computed in
  /// the cold block only.
  /// Returns the end of the slow path if WantSlowTail, else null.
  llvm::Instruction *
  emitShadowCheck(llvm::Instruction *InsertBefore, const llvm::DebugLoc &Loc,
                  llvm::Value *Addr, llvm::Value *LastAddr, bool WideShadow,
                  int PartialLast, llvm::FunctionCallee Report,
                  llvm::ArrayRef<llvm::Value *> Args, llvm::Value *Base,
                  bool WantSlowTail,
                  std::optional<AccessSpan> Aligned = std::nullopt);
  /// The shadow of Addr, loaded as ShadowTy (`!nosanitize`); computed from
  /// Aligned's base if given (alignedSpan).
  llvm::Value *loadShadow(llvm::IRBuilderBase &IRB, llvm::Value *Addr,
                          llvm::Type *ShadowTy,
                          const AccessSpan *Aligned = nullptr);
  /// A's address as Base + Offset (constant) such that its shadow is
  /// Base's shadow plus Offset >> 3: Offset a multiple of 8, or Base known
  /// to be one (baseAligned); nothing otherwise.
  std::optional<AccessSpan> alignedSpan(const MemAccess &A) const;
  /// Whether S's base is a multiple of 8 by its definition.
  bool baseAligned(const AccessSpan &S) const;

  llvm::Module &M;
  llvm::IntegerType *IntptrTy;
  llvm::MDNode *Unlikely;
  llvm::MDNode *NoSanitize;
  // [IsWrite][log2(size)] for sizes 1, 2, 4, 8, 16.
  llvm::FunctionCallee ReportFixed[2][5];
  llvm::FunctionCallee ReportN[2];    // __sleuth_report_{load,store}_n
  llvm::FunctionCallee CheckRange[2]; // __sleuth_check_{load,store}_range
  llvm::FunctionCallee RangeQuery;    // __sleuth_range_is_poisoned
  /// The range queries emitted for the function being instrumented (those
  /// versioning erased again are null).
  llvm::SmallVector<llvm::WeakVH, 8> RangeQueries;
  llvm::FunctionCallee CheckN[2];     // __sleuth_check_{load,store}_n
};

} // namespace sleuth

#endif
