//===- SleuthPass.h - the Sleuth module pass --------------------*- C++ -*-===//
//
// One module pass does everything, in this order, once per module:
//   1. for each function worth instrumenting: check loads/stores/atomics
//      (AccessInstrumenter), then route memcpy/memmove/memset to the runtime
//      (MemIntrinsics), then lay out stack redzones (StackLayout);
//   2. add the module constructor calling __sleuth_module_init (ModuleCtor);
//   3. put redzones after globals and register them (GlobalRedzones);
//   4. mark the module so a second run does nothing.
//
//===----------------------------------------------------------------------===//
#ifndef SLEUTH_PASS_H
#define SLEUTH_PASS_H

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/PassManager.h"

namespace llvm {
class AllocaInst;
class DataLayout;
class Function;
class GlobalVariable;
class Constant;
class Module;
} // namespace llvm

namespace sleuth {

class SleuthPass : public llvm::PassInfoMixin<SleuthPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  /// Run on optnone functions too (every function is optnone at -O0).
  static bool isRequired() { return true; }
};

/// Named metadata that marks an instrumented module.
constexpr const char *InstrumentedMarker = "sleuth.instrumented";

/// SourceFacts.cpp: what the source and the user said, as IR facts.
/// A function opted out of checking (no_sanitize_address and its other
/// spellings, SLEUTH_NO_CHECK, the ignore-list).
constexpr const char *NoCheckAttr = "sleuth-no-check";
/// A global opted out of its redzone.
constexpr const char *NoRedzoneMD = "sleuth.no_redzone";
/// A global's !{qualified name, "file:line:column", flags} from the clang
/// plugin; flags has `d` for a dynamic initialiser.
constexpr const char *SourceMD = "sleuth.source";
/// SourceFacts.cpp: whether the plugin said G has a dynamic initialiser
/// (what init-order checking watches).
bool hasDynamicInit(const llvm::GlobalVariable &G);
/// Takes the clang plugin's annotations and the ignore-list into the
/// attributes and metadata above, and marks every function to be checked
/// sanitize_address. Idempotent; run at the start of the pipeline.
void applySourceFacts(llvm::Module &M);

/// Whether F gets any instrumentation at all.
bool shouldInstrumentFunction(const llvm::Function &F);

/// MemIntrinsics.cpp: replaces llvm.memcpy/memmove/memset (and their .inline
/// forms) in F with calls to __sleuth_memcpy/memmove/memset. Returns the
/// number replaced.
unsigned replaceMemIntrinsics(llvm::Function &F);

/// ModuleCtor.cpp: appends a priority-1 constructor that calls
/// __sleuth_module_init(SLEUTH_ABI_VERSION).
void addModuleCtor(llvm::Module &M);

/// GlobalRedzones.cpp: puts a redzone after every global definition that can
/// safely be changed and registers them from a module ctor/dtor. Returns the
/// number of globals instrumented.
unsigned instrumentGlobals(llvm::Module &M);

/// InitOrder.cpp: brackets the module's dynamic initialisers (clang's
/// _GLOBAL__sub_I_* in llvm.global_ctors) with __sleuth_before_dynamic_init
/// (ModuleId) and __sleuth_after_dynamic_init(); ModuleId names this
/// module's globals table (or is any address unique to the module).
void bracketDynamicInit(llvm::Module &M, llvm::Constant *ModuleId);
/// InitOrder.cpp: whether the module still has such a function (the
/// optimiser may have evaluated the initialisers at compile time).
bool hasDynamicInitFunction(llvm::Module &M);

/// StackLayout.cpp: merges the entry-block allocas that need redzones into
/// one frame with poisoned redzones; returns the number of variables.
/// With UseAfterScope, variables with lifetime markers are poisoned (f8)
/// outside them. With UseAfterReturn, the frame comes from the runtime's
/// fake stack when __sleuth_detect_stack_use_after_return is set.
/// BeforeChange is called once, before the first change to F (the pass
/// takes its FunctionSnapshot there).
unsigned layOutStack(llvm::Function &F, bool UseAfterScope,
                     bool UseAfterReturn,
                     llvm::function_ref<void()> BeforeChange);
/// ByvalCopies.cpp: copies each used by-value struct argument into a local
/// of F (which layOutStack then redzones); returns the number copied.
unsigned copyByvalArguments(llvm::Function &F);
/// ArrayCookies.cpp: poisons the element count clang stores in front of a
/// `new T[n]` (a type with a destructor) once written, and routes delete[]'s
/// read of it through the runtime; returns the number of changes.
unsigned instrumentArrayCookies(llvm::Function &F);
/// PointerPairs.cpp: a call to __sleuth_ptr_cmp before each relational
/// comparison of two pointers (Compare) and to __sleuth_ptr_sub before each
/// subtraction of two (Subtract); returns the number of calls.
unsigned instrumentPointerPairs(llvm::Function &F, bool Compare,
                                bool Subtract);
/// StackLayout.cpp: whether layOutStack gives AI a redzoned slot of its
/// own: a static alloca that escapes or is accessed at a variable or
/// out-of-bounds offset. The others are never poisoned.
bool needsStackSlot(llvm::AllocaInst &AI, const llvm::DataLayout &DL);
/// DynamicAllocas.cpp: redzones (ca/cb) around every dynamic alloca (VLAs,
/// alloca()), unpoisoned at stackrestore and at exits; returns their number.
/// BeforeChange as for layOutStack.
unsigned instrumentDynamicAllocas(llvm::Function &F,
                                  llvm::function_ref<void()> BeforeChange);
/// StackLayout.cpp: emits __sleuth_handle_no_return() before every call to a
/// noreturn function; returns the number of calls.
unsigned addNoReturnCalls(llvm::Function &F);

/// FunctionSnapshot.cpp: a copy of a function's body taken before the stack
/// rewrites, put back by restore() if they left the function invalid.
class FunctionSnapshot {
public:
  explicit FunctionSnapshot(llvm::Function &F);
  ~FunctionSnapshot();
  FunctionSnapshot(const FunctionSnapshot &) = delete;
  FunctionSnapshot &operator=(const FunctionSnapshot &) = delete;
  /// Replaces F's body by the copy; false if there is no copy (F's blocks
  /// have their address taken).
  bool restore();

private:
  llvm::Function &F;
  llvm::Function *Copy = nullptr;
};

/// FunctionSnapshot.cpp: runs LLVM's verifier on F. If F is invalid, puts
/// Snapshot back (one line with Verbose >= 1: F is checked Without that
/// step) and returns false; if there is nothing to put back, prints the
/// verifier's findings naming Step and F, and the SLEUTH_PASS_OPTIONS
/// Workaround, and exits with status 1 (never a crash, never invalid code
/// emitted).
bool verifyOrRestore(llvm::Function &F, FunctionSnapshot *Snapshot,
                     const char *Step, unsigned Verbose, const char *Without,
                     const char *Workaround);
/// FunctionSnapshot.cpp: runs LLVM's verifier on the instrumented module.
/// Invalid debug info alone is dropped with a warning; invalid code prints
/// the verifier's findings and exits with status 1.
void verifyInstrumentedModule(llvm::Module &M);

} // namespace sleuth

#endif
