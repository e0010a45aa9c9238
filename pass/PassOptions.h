//===- PassOptions.h - Sleuth pass knobs ------------------------*- C++ -*-===//
//
// Knobs come from the environment variable SLEUTH_PASS_OPTIONS, written as
// name=value:name=value (the same shape as SLEUTH_OPTIONS for the runtime).
// An environment variable rather than cl::opt because plugin cl::opts are not
// reachable through -mllvm before LLVM 22 (see FACTS.md).
//
//===----------------------------------------------------------------------===//
#ifndef SLEUTH_PASS_OPTIONS_H
#define SLEUTH_PASS_OPTIONS_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace sleuth {

struct PassOptions {
  bool InstrumentReads = true;
  bool InstrumentWrites = true;
  bool InstrumentAtomics = true;       // atomic load/store, atomicrmw, cmpxchg
  bool InstrumentMemIntrinsics = true; // llvm.mem{cpy,move,set} -> runtime
  bool Optimize = true;                // drop checks already done in the block
  bool HoistLoops = true;              // with Optimize: one check per loop
  bool Stack = true;                   // redzones around local variables
  bool Globals = true;                 // redzones after global variables
  bool UseAfterScope = true;           // with Stack: f8 outside lifetimes
  bool UseAfterReturn = true;          // with Stack: fake frames when the runtime asks
  bool PointerCompare = false;         // -fsanitize=pointer-compare
  bool PointerSubtract = false;        // -fsanitize=pointer-subtract
  bool Verify = true;                  // verify each changed function (below)
  bool TestBreakStack = false;         // tests of Verify: break what the stack rewrite made
  bool TestBreakLoops = false;         // tests of Verify: break a versioned function
  unsigned Verbose = 0;                // 1: per-module summary, 2: per function
};

/// Parses a SLEUTH_PASS_OPTIONS string. On an unknown name or a bad value,
/// returns false and sets Error to one line naming the culprit.
bool parsePassOptions(llvm::StringRef Spec, PassOptions &Out,
                      std::string &Error);

/// The options of this process: SLEUTH_PASS_OPTIONS parsed once. A bad
/// setting stops the compiler with one line on stderr and exit status 1.
const PassOptions &getPassOptions();

} // namespace sleuth

#endif
