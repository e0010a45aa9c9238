//===- Plugin.cpp - registration with clang / opt -------------------------===//
//
// clang -fpass-plugin=SleuthPass.so: SleuthPass runs at the OptimizerLast
// extension point (after inlining, GVN, LICM, vectorisation), except in the
// post-link phase of (Thin)LTO, where the pre-link run already instrumented
// the code. opt -load-pass-plugin=SleuthPass.so -passes=sleuth runs it alone.
// With -mllvm -sanitizer-coverage-level=N (sleuth-cc -fsanitize=fuzzer),
// LLVM's SanitizerCoverage runs just before SleuthPass, from here.
//
//===----------------------------------------------------------------------===//
#include "PassOptions.h"
#include "SleuthPass.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Instrumentation/SanitizerCoverage.h"
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

// Coverage for libFuzzer must see the program's code, not Sleuth's checks:
// clang's own -fsanitize-coverage pass runs after every plugin's
// OptimizerLast passes, so it would put an edge counter on each check's
// report branch and trace each shadow comparison (3x the features, and
// libFuzzer's table of compared values full of shadow bytes), where
// clang's ASan runs after the coverage pass. So sleuth-cc asks for
// coverage with LLVM's own -mllvm -sanitizer-coverage-* options instead,
// and it runs here, first; the pass reads what to do from those options.
bool coverageRequested() {
  auto &Opts = cl::getRegisteredOptions();
  auto It = Opts.find("sanitizer-coverage-level");
  if (It == Opts.end())
    return false;
  return static_cast<cl::opt<int> *>(It->second)->getValue() > 0;
}

void addCoveragePass(ModulePassManager &MPM) {
#if LLVM_VERSION_MAJOR >= 18 // renamed then
  MPM.addPass(SanitizerCoveragePass());
#else
  MPM.addPass(ModuleSanitizerCoveragePass());
#endif
}

// What clang's -fsanitize=fuzzer-no-link also does: optforfuzzing on every
// function, before the optimiser runs, keeps branches the optimiser would
// turn into selects or lookup tables, so the coverage has their edges.
struct OptForFuzzingPass : PassInfoMixin<OptForFuzzingPass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    for (Function &F : M)
      if (!F.isDeclaration())
        F.addFnAttr(Attribute::OptForFuzzing);
    return PreservedAnalyses::none();
  }
};

void registerCallbacks(PassBuilder &PB) {
  (void)sleuth::getPassOptions(); // a bad SLEUTH_PASS_OPTIONS stops here
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(SourceFactsPass());
        if (coverageRequested())
          MPM.addPass(OptForFuzzingPass());
      });
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, auto &&...Rest) {
        if (isLTOPostLink(Rest...))
          return;
        if (coverageRequested())
          addCoveragePass(MPM);
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
