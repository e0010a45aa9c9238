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

// Marks every function sanitize_address before the optimizer runs. The
// optimizer reads that attribute as "memory accesses will be checked" and
// then refrains from what would turn into false reports or hidden bugs:
// widening loads past an object's end, speculating loads, folding away
// accesses to freed memory. Only the attribute is set: clang's own ASan
// pass is not in the pipeline, so nothing else changes.
struct MarkSanitizedPass : PassInfoMixin<MarkSanitizedPass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    for (Function &F : M)
      if (!F.isDeclaration() &&
          !F.hasFnAttribute(Attribute::DisableSanitizerInstrumentation))
        F.addFnAttr(Attribute::SanitizeAddress);
    return PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

void registerCallbacks(PassBuilder &PB) {
  (void)sleuth::getPassOptions(); // a bad SLEUTH_PASS_OPTIONS stops here
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(MarkSanitizedPass());
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
