// A const& bound to the result of std::max over two temporaries, and a
// pointer to a temporary kept past its full expression: the temporaries
// die at the semicolon, so the later read is stack-use-after-scope, at
// every -O level (after optimisation the read addresses the temporary's
// slot directly, and LLVM 14 puts its lifetime markers on a GEP).
// RUN: %sleuth_cxx -O0 %s -o %t && not %run %t max 2>&1 | FileCheck %s --check-prefix=MAX
// RUN: %sleuth_cxx -O1 %s -o %t && not %run %t max 2>&1 | FileCheck %s --check-prefix=MAX
// RUN: %sleuth_cxx -O2 %s -o %t && not %run %t max 2>&1 | FileCheck %s --check-prefix=MAX
// RUN: %sleuth_cxx -O3 %s -o %t && not %run %t max 2>&1 | FileCheck %s --check-prefix=MAX
// RUN: %sleuth_cxx -O0 %s -o %t && not %run %t self 2>&1 | FileCheck %s --check-prefix=SELF
// RUN: %sleuth_cxx -O1 %s -o %t && not %run %t self 2>&1 | FileCheck %s --check-prefix=SELF
// RUN: %sleuth_cxx -O2 %s -o %t && not %run %t self 2>&1 | FileCheck %s --check-prefix=SELF
// RUN: %sleuth_cxx -O3 %s -o %t && not %run %t self 2>&1 | FileCheck %s --check-prefix=SELF
#include <algorithm>
#include <cstring>

struct Score {
  char label[24];
  int points;
  explicit Score(int p) : points(p) { std::memset(label, 'x', sizeof label); }
  bool operator<(const Score &o) const { return points < o.points; }
  __attribute__((noinline)) const Score &self() const { return *this; }
};

__attribute__((noinline)) Score score_of(int p) { return Score(p); }

// The read goes through a call: inline, LLVM would turn the read of
// whichever temporary won into two reads and a select with no source line.
__attribute__((noinline)) int points_of(const Score &s) {
  return s.points; // the faulting line
}

const Score *kept;

int main(int argc, char **argv) {
  if (argv[1][0] == 'm') {
    const Score &best = std::max(score_of(argc), score_of(7));
    return points_of(best);
    // MAX: ERROR: Sleuth: stack-use-after-scope on address [[ADDR:0x[0-9a-f]+]] at pc
    // MAX-NEXT: READ of size 4 at [[ADDR]] thread T0
    // MAX-NEXT: #0 0x{{[0-9a-f]+}} in points_of{{.*}} {{.*}}use-after-scope-temporary.cpp:30
    // MAX-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}use-after-scope-temporary.cpp:[[@LINE-4]]
    // MAX: is located in stack of thread T0 at offset {{[0-9]+}} in frame
    // MAX-NEXT: in main {{.*}}use-after-scope-temporary.cpp
    // MAX: This frame has {{[0-9]+}} object(s):
    // MAX: 'ref.tmp{{[0-9]*}}' (line [[@LINE-9]]) <== Memory access at offset {{[0-9]+}} is inside this variable
    // MAX: SUMMARY: Sleuth: stack-use-after-scope {{.*}}use-after-scope-temporary.cpp:30:{{[0-9]+}} in points_of
  }
  kept = &Score(argc).self();
  return kept->points;
  // SELF: ERROR: Sleuth: stack-use-after-scope on address [[ADDR:0x[0-9a-f]+]] at pc
  // SELF-NEXT: READ of size 4 at [[ADDR]] thread T0
  // SELF-NEXT: #0 0x{{[0-9a-f]+}} in main {{.*}}use-after-scope-temporary.cpp:[[@LINE-3]]
  // SELF: 'ref.tmp{{[0-9]*}}' (line [[@LINE-5]]) <== Memory access at offset {{[0-9]+}} is inside this variable
  // SELF: SUMMARY: Sleuth: stack-use-after-scope
}
