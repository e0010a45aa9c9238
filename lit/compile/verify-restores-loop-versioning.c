// verify=1 (the default): when loop versioning leaves a function invalid
// (forced here with the test knob test_break_loops=1, which breaks the
// checked copy), the function's body is put back from the copy taken
// before the versioning and its accesses are checked in place. The build
// succeeds, verbose=1 says so, and the overflow is still reported exactly.
// RUN: env SLEUTH_PASS_OPTIONS=test_break_loops=1:verbose=1 %sleuth_cc -O1 %s -o %t1 2>&1 | FileCheck %s --check-prefix=BUILD
// RUN: env SLEUTH_PASS_OPTIONS=test_break_loops=1:verbose=1 %sleuth_cc -O2 %s -o %t2 2>&1 | FileCheck %s --check-prefix=BUILD
// BUILD: sleuth: fill: loop versioning produced invalid IR; the function is checked without loop versioning
// BUILD: hoisted out of loops (0 loops versioned)
// RUN: %run %t1 | FileCheck %s --check-prefix=CLEAN
// RUN: %run %t2 | FileCheck %s --check-prefix=CLEAN
// CLEAN: last 46
// RUN: not %run %t1 4 2>&1 | FileCheck %s
// RUN: not %run %t2 4 2>&1 | FileCheck %s
// Without verify the broken function would reach the code generator:
// RUN: env SLEUTH_PASS_OPTIONS=test_break_loops=1:verify=0 not %sleuth_cc -O1 -c %s -o %t.o
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void fill(int *a, int n, int extra) {
  for (int i = 0; i < n + extra; i++)
    a[i] = 3 * i + 1;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address
  // CHECK-NEXT: WRITE of size 4 at
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in fill .*}}verify-restores-loop-versioning.c:[[@LINE-3]]
}

int main(int argc, char **argv) {
  int n = 16;
  int *a = malloc(n * sizeof(int));
  fill(a, n, argc > 1 ? 1 : 0);
  printf("last %d\n", a[n - 1]);
  free(a);
  return 0;
}
