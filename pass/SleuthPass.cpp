//===- SleuthPass.cpp - the module pass: order of the steps ---------------===//
#include "Compat.h"
#include "SleuthPass.h"
#include "AccessInstrumenter.h"
#include "DominatedChecks.h"
#include "LoopChecks.h"
#include "PassOptions.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;

namespace sleuth {

bool shouldInstrumentFunction(const Function &F) {
  if (F.isDeclaration() || F.hasAvailableExternallyLinkage())
    return false;
  if (F.hasFnAttribute(Attribute::DisableSanitizerInstrumentation) ||
      F.hasFnAttribute(NoCheckAttr) || F.hasFnAttribute(Attribute::Naked))
    return false;
  StringRef Name = F.getName();
  return !startsWith(Name, "__sleuth_") && !startsWith(Name, "sleuth.");
}

/// Loop versioning (LoopChecks.cpp). With verify=1 the function is copied
/// before its first change and verified after it; if the versioning left it
/// invalid, the copy is put back and its accesses are collected again, to
/// be checked in place (one line with verbose=1).
static void versionLoops(Function &F, FunctionAnalysisManager &FAM,
                         AccessInstrumenter &Instrumenter,
                         const PassOptions &Opts,
                         SmallVectorImpl<MemAccess> &Accesses,
                         AccessStats &Stats) {
  std::optional<FunctionSnapshot> Snapshot;
  auto BeforeChange = [&] {
    if (Opts.Verify)
      Snapshot.emplace(F);
  };
  Stats.Versioned = versionLoopChecks(F, FAM, Instrumenter, Accesses,
                                      BeforeChange, Stats.Hoisted);
  if (Opts.TestBreakLoops && Stats.Versioned)
    F.back().getTerminator()->eraseFromParent();
  if (!Snapshot || verifyOrRestore(F, &*Snapshot, "loop versioning",
                                   Opts.Verbose, "loop versioning",
                                   "hoist_loops=0"))
    return;
  AccessStats Again;
  SmallVector<MemAccess, 32> All = Instrumenter.collect(F, Opts, Again);
  Accesses.assign(All.begin(), All.end());
  Stats = Again;
}

PreservedAnalyses SleuthPass::run(Module &M, ModuleAnalysisManager &MAM) {
  // Extension-point callbacks can fire more than once for one module (for
  // example before and after ThinLTO on old LLVMs): instrument once.
  if (M.getNamedMetadata(InstrumentedMarker))
    return PreservedAnalyses::all();

  // Normally done at the pipeline's start (Plugin.cpp); here for
  // `opt -passes=sleuth`, which runs this pass alone.
  applySourceFacts(M);
  const PassOptions &Opts = getPassOptions();
  SmallVector<Function *, 64> Functions;
  for (Function &F : M)
    if (shouldInstrumentFunction(F))
      Functions.push_back(&F);

  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  AccessInstrumenter Instrumenter(M);
  AccessStats Total;
  unsigned MemCalls = 0, StackVars = 0;
  for (Function *F : Functions) {
    AccessStats Stats;
    // Before the accesses are collected: reads and writes of a by-value
    // argument become accesses to its local copy.
    if (Opts.Stack && !F->callsFunctionThatReturnsTwice())
      copyByvalArguments(*F);
    // Before the accesses too: delete[]'s read of the cookie is not one.
    instrumentArrayCookies(*F);
    // Before the checks and loop versioning, whose own comparisons of
    // addresses (nosanitize) are not the program's.
    instrumentPointerPairs(*F, Opts.PointerCompare, Opts.PointerSubtract);
    SmallVector<MemAccess, 32> Accesses = Instrumenter.collect(*F, Opts, Stats);
    // Before versioning: a check dropped here is not cloned either.
    if (Opts.Optimize && !F->hasOptNone())
      Stats.Redundant += dropDominatedChecks(*F, FAM, Accesses);
    // Loop analyses are computed on the function before any block is split;
    // the module pass reports PreservedAnalyses::none(), which drops them.
    if (Opts.Optimize && Opts.HoistLoops && !Accesses.empty() &&
        !F->hasOptNone())
      versionLoops(*F, FAM, Instrumenter, Opts, Accesses, Stats);
    Instrumenter.instrumentAll(Accesses, Opts.Optimize && !F->hasOptNone());
    Stats.Instrumented = Accesses.size();
    unsigned Mem = Opts.InstrumentMemIntrinsics ? replaceMemIntrinsics(*F) : 0;
    // After the accesses: "provably in bounds" then uses each variable's
    // own size, not the frame's.
    if (Opts.Stack) {
      // With verify=1, a copy of the function is taken just before the
      // stack rewrites first change it (most functions need none).
      std::optional<FunctionSnapshot> Snapshot;
      auto BeforeChange = [&] {
        if (Opts.Verify && !Snapshot)
          Snapshot.emplace(*F);
      };
      unsigned Vars = layOutStack(*F, Opts.UseAfterScope, Opts.UseAfterReturn,
                                  BeforeChange);
      Vars += instrumentDynamicAllocas(*F, BeforeChange);
      addNoReturnCalls(*F);
      if (Opts.TestBreakStack && Vars)
        F->back().getTerminator()->eraseFromParent();
      if (!Snapshot ||
          verifyOrRestore(*F, &*Snapshot, "stack redzones", Opts.Verbose,
                          "stack redzones", "stack=0"))
        StackVars += Vars;
    }
    if (Opts.Verbose >= 2)
      errs() << "sleuth: " << F->getName() << ": " << Stats.Instrumented
             << " checks, " << Stats.Redundant << " redundant dropped, "
             << Stats.Hoisted << " hoisted out of loops (" << Stats.Versioned
             << " loops versioned), " << Mem
             << " mem intrinsics\n";
    Total.Instrumented += Stats.Instrumented;
    Total.Redundant += Stats.Redundant;
    Total.Hoisted += Stats.Hoisted;
    Total.Versioned += Stats.Versioned;
    MemCalls += Mem;
  }

  addModuleCtor(M);
  // After the functions (see above) and after the ctor calling
  // __sleuth_module_init: its registration ctor must run second.
  unsigned Globals = Opts.Globals ? instrumentGlobals(M) : 0;
  if (Opts.Verify)
    verifyInstrumentedModule(M);
  M.getOrInsertNamedMetadata(InstrumentedMarker);
  if (Opts.Verbose >= 1)
    errs() << "sleuth: module " << M.getModuleIdentifier() << ": "
           << Functions.size() << " functions, " << Total.Instrumented
           << " checks, " << Total.Redundant << " redundant dropped, "
           << Total.Hoisted << " hoisted out of loops (" << Total.Versioned
           << " loops versioned), " << MemCalls << " mem intrinsics, " << StackVars
           << " stack variables and " << Globals << " globals with redzones\n";
  return PreservedAnalyses::none();
}

} // namespace sleuth
