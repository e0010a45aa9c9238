//===- SleuthPass.h - the Sleuth module pass --------------------*- C++ -*-===//
//
// One module pass does everything, in this order, once per module:
//   1. for each function worth instrumenting: check loads/stores/atomics
//      (AccessInstrumenter), then route memcpy/memmove/memset to the runtime
//      (MemIntrinsics);
//   2. add the module constructor calling __sleuth_module_init (ModuleCtor);
//   3. mark the module so a second run does nothing.
//
//===----------------------------------------------------------------------===//
#ifndef SLEUTH_PASS_H
#define SLEUTH_PASS_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class Function;
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

/// Whether F gets any instrumentation at all.
bool shouldInstrumentFunction(const llvm::Function &F);

/// MemIntrinsics.cpp: replaces llvm.memcpy/memmove/memset (and their .inline
/// forms) in F with calls to __sleuth_memcpy/memmove/memset. Returns the
/// number replaced.
unsigned replaceMemIntrinsics(llvm::Function &F);

/// ModuleCtor.cpp: appends a priority-1 constructor that calls
/// __sleuth_module_init(SLEUTH_ABI_VERSION).
void addModuleCtor(llvm::Module &M);

} // namespace sleuth

#endif
