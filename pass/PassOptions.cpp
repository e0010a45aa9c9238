//===- PassOptions.cpp - parse SLEUTH_PASS_OPTIONS ------------------------===//
#include "PassOptions.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;

namespace sleuth {

namespace {

constexpr const char *KnownNames =
    "instrument_reads, instrument_writes, instrument_atomics, "
    "instrument_memintrinsics, optimize, hoist_loops, stack, globals, use_after_scope, use_after_return, pointer_compare, pointer_subtract, verify, test_break_stack, test_break_loops, verbose";

bool parseBool(StringRef V, bool &Out) {
  if (V == "1" || V == "true" || V == "yes") {
    Out = true;
    return true;
  }
  if (V == "0" || V == "false" || V == "no") {
    Out = false;
    return true;
  }
  return false;
}

} // namespace

bool parsePassOptions(StringRef Spec, PassOptions &Out, std::string &Error) {
  SmallVector<StringRef, 8> Items;
  Spec.split(Items, ':', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef Item : Items) {
    Item = Item.trim();
    if (Item.empty())
      continue;
    auto NV = Item.split('=');
    StringRef Name = NV.first.trim(), Value = NV.second.trim();
    if (!Item.contains('=') || Value.empty()) {
      Error = ("SLEUTH_PASS_OPTIONS: option '" + Name + "' needs a value (" +
               Name + "=VALUE)")
                  .str();
      return false;
    }
    bool *Flag = nullptr;
    if (Name == "instrument_reads")
      Flag = &Out.InstrumentReads;
    else if (Name == "instrument_writes")
      Flag = &Out.InstrumentWrites;
    else if (Name == "instrument_atomics")
      Flag = &Out.InstrumentAtomics;
    else if (Name == "instrument_memintrinsics")
      Flag = &Out.InstrumentMemIntrinsics;
    else if (Name == "optimize")
      Flag = &Out.Optimize;
    else if (Name == "hoist_loops")
      Flag = &Out.HoistLoops;
    else if (Name == "stack")
      Flag = &Out.Stack;
    else if (Name == "globals")
      Flag = &Out.Globals;
    else if (Name == "use_after_scope")
      Flag = &Out.UseAfterScope;
    else if (Name == "use_after_return")
      Flag = &Out.UseAfterReturn;
    else if (Name == "pointer_compare")
      Flag = &Out.PointerCompare;
    else if (Name == "pointer_subtract")
      Flag = &Out.PointerSubtract;
    else if (Name == "verify")
      Flag = &Out.Verify;
    else if (Name == "test_break_stack")
      Flag = &Out.TestBreakStack;
    else if (Name == "test_break_loops")
      Flag = &Out.TestBreakLoops;
    if (Flag) {
      if (!parseBool(Value, *Flag)) {
        Error = ("SLEUTH_PASS_OPTIONS: bad value '" + Value + "' for '" +
                 Name + "' (expected 0 or 1)")
                    .str();
        return false;
      }
      continue;
    }
    if (Name == "verbose") {
      unsigned V;
      if (Value.getAsInteger(10, V)) {
        Error = ("SLEUTH_PASS_OPTIONS: bad value '" + Value +
                 "' for 'verbose' (expected a number)")
                    .str();
        return false;
      }
      Out.Verbose = V;
      continue;
    }
    Error = ("SLEUTH_PASS_OPTIONS: unknown option '" + Name + "' (known: " +
             KnownNames + ")")
                .str();
    return false;
  }
  return true;
}

const PassOptions &getPassOptions() {
  static const PassOptions Opts = [] {
    PassOptions O;
    const char *Env = std::getenv("SLEUTH_PASS_OPTIONS");
    std::string Error;
    if (Env && !parsePassOptions(Env, O, Error)) {
      // Not report_fatal_error: clang turns that into a crash report with a
      // stack dump. One line and a plain exit status are what users need.
      errs() << "sleuth: error: " << Error << "\n";
      errs().flush();
      std::exit(1);
    }
    return O;
  }();
  return Opts;
}

} // namespace sleuth
