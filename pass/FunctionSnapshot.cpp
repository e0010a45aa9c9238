//===- FunctionSnapshot.cpp - undo a rewrite that went wrong --------------===//
//
// The stack rewrites (StackLayout.cpp, DynamicAllocas.cpp) restructure a
// function's frame: they merge allocas, move debug declarations, split
// blocks at every exit; loop versioning (LoopChecks.cpp) clones loops. A
// shape they did not foresee must never cost the user their build, so with
// verify=1 the pass copies each function before those rewrites, runs LLVM's
// verifier after them and, if the function is no longer valid, puts the
// copy's body back: the function keeps its access checks (in place, after
// a failed versioning) and goes without stack redzones or without loop
// versioning, and the build goes on.
//
// A function whose blocks have their address taken (computed goto) cannot
// be swapped this way (blockaddress constants name the function); such a
// function is only verified, and an invalid one stops the compiler with a
// message naming the pass and the function.
//
//===----------------------------------------------------------------------===//
#include "SleuthPass.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <cstdlib>
#include <string>

using namespace llvm;

namespace sleuth {

FunctionSnapshot::FunctionSnapshot(Function &F) : F(F) {
  for (BasicBlock &BB : F)
    if (BB.hasAddressTaken())
      return;
  // The copy is never emitted: it only holds the body until it is put back
  // or dropped. Its debug locations must keep pointing at F's DISubprogram
  // (CloneFunction makes a new one, and the body put back would then belong
  // to the wrong subprogram), so the subprogram is mapped to itself.
  Copy = Function::Create(F.getFunctionType(), GlobalValue::PrivateLinkage,
                          F.getAddressSpace(), F.getName() + ".sleuth.copy",
                          F.getParent());
  ValueToValueMapTy VMap;
  for (auto Args : zip(F.args(), Copy->args()))
    VMap[&std::get<0>(Args)] = &std::get<1>(Args);
  if (DISubprogram *SP = F.getSubprogram())
    VMap.MD()[SP].reset(SP);
  SmallVector<ReturnInst *, 8> Returns;
  CloneFunctionInto(Copy, &F, VMap, CloneFunctionChangeType::LocalChangesOnly,
                    Returns);
  // Not a second owner of F's subprogram, even for the moment it exists.
  Copy->setSubprogram(nullptr);
}

FunctionSnapshot::~FunctionSnapshot() {
  if (Copy)
    Copy->eraseFromParent();
}

bool FunctionSnapshot::restore() {
  if (!Copy)
    return false;
  // Drop every reference the broken body holds before erasing it, as
  // Function::deleteBody does (which would also make F a declaration).
  for (BasicBlock &BB : F)
    BB.dropAllReferences();
  while (!F.empty())
    F.begin()->eraseFromParent();
#if LLVM_VERSION_MAJOR >= 16
  F.splice(F.end(), Copy);
#else
  F.getBasicBlockList().splice(F.end(), Copy->getBasicBlockList());
#endif
  for (auto Args : zip(Copy->args(), F.args()))
    std::get<0>(Args).replaceAllUsesWith(&std::get<1>(Args));
  Copy->eraseFromParent();
  Copy = nullptr;
  return true;
}

bool verifyOrRestore(Function &F, FunctionSnapshot *Snapshot,
                     const char *Step, unsigned Verbose, const char *Without,
                     const char *Workaround) {
  std::string Msg;
  raw_string_ostream OS(Msg);
  if (!verifyFunction(F, &OS))
    return true;
  OS.flush();
  std::string After;
  raw_string_ostream AOS(After);
  if (Snapshot && Snapshot->restore() && !verifyFunction(F, &AOS)) {
    if (Verbose >= 1)
      errs() << "sleuth: " << F.getName() << ": " << Step
             << " produced invalid IR; the function is checked without "
             << Without << "\n";
    return false;
  }
  errs() << "sleuth: error: the Sleuth pass produced invalid IR in function '"
         << F.getName() << "' (" << Step
         << "); please report it. Workaround: SLEUTH_PASS_OPTIONS="
         << Workaround << "\n"
         << Msg << AOS.str();
  errs().flush();
  std::exit(1);
}

void verifyInstrumentedModule(Module &M) {
  std::string Msg;
  raw_string_ostream OS(Msg);
  bool BrokenDebugInfo = false;
  if (!verifyModule(M, &OS, &BrokenDebugInfo)) {
    if (BrokenDebugInfo) {
      // The code is sound; only its debug info is not. Dropped, as LLVM
      // itself does with invalid debug info, so the build goes on.
      errs() << "sleuth: warning: debug info of module '"
             << M.getModuleIdentifier()
             << "' became invalid during instrumentation and was dropped; "
                "please report it\n";
      StripDebugInfo(M);
    }
    return;
  }
  OS.flush();
  errs() << "sleuth: error: the Sleuth pass produced an invalid module '"
         << M.getModuleIdentifier()
         << "'; please report it. Workaround: "
            "SLEUTH_PASS_OPTIONS=stack=0:globals=0\n"
         << Msg;
  errs().flush();
  std::exit(1);
}

} // namespace sleuth
