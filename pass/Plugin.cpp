//===- Plugin.cpp - registration with clang / opt -------------------------===//
//
// clang -fpass-plugin=SleuthPass.so: SleuthPass runs at the OptimizerLast
// extension point (after inlining, GVN, LICM, vectorisation), except in the
// post-link phase of (Thin)LTO, where the pre-link run already instrumented
// the code. opt -load-pass-plugin=SleuthPass.so -passes=sleuth runs it alone.
//
//===----------------------------------------------------------------------===//
#include "PassOptions.h"
#include "SleuthPass.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassBuilder.h"
#if LLVM_VERSION_MAJOR >= 22
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif

using namespace llvm;

namespace {

// The extension-point callbacks get (MPM, Level) up to LLVM 19 and
// (MPM, Level, ThinOrFullLTOPhase) from LLVM 20 on.
template <typename LevelT> bool isLTOPostLink(LevelT) { return false; }
#if LLVM_VERSION_MAJOR >= 20
template <typename LevelT> bool isLTOPostLink(LevelT, ThinOrFullLTOPhase P) {
  return P == ThinOrFullLTOPhase::ThinLTOPostLink ||
         P == ThinOrFullLTOPhase::FullLTOPostLink;
}
#endif

// The source's and the user's opt-outs into IR, and sanitize_address on
// every function that will be checked, before the optimiser runs
// (SourceFacts.cpp says why).
struct SourceFactsPass : PassInfoMixin<SourceFactsPass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    sleuth::applySourceFacts(M);
    return PreservedAnalyses::none();
  }
  static bool isRequired() { return true; }
};

void registerCallbacks(PassBuilder &PB) {
  (void)sleuth::getPassOptions(); // a bad SLEUTH_PASS_OPTIONS stops here
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(SourceFactsPass());
      });
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, auto &&...Rest) {
        if (isLTOPostLink(Rest...))
          return;
        MPM.addPass(sleuth::SleuthPass());
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "sleuth")
          return false;
        MPM.addPass(sleuth::SleuthPass());
        return true;
      });
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK __attribute__((visibility("default")))
::llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  ::llvm::PassPluginLibraryInfo Info;
  Info.APIVersion = LLVM_PLUGIN_API_VERSION;
  Info.PluginName = "Sleuth";
  Info.PluginVersion = LLVM_VERSION_STRING;
  Info.RegisterPassBuilderCallbacks = registerCallbacks;
  return Info;
}
