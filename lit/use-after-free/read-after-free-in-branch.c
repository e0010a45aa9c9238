// A read of a block that a branch between it and an earlier checked write
// may have freed: the earlier check dominates the read, but the function
// calls free, so the read keeps its own check (pass/DominatedChecks.cpp
// only drops checks in functions without calls) and the use after free is
// reported at its line.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O3 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>

__attribute__((noinline)) static int touch(volatile int *p, int done) {
  p[1] = 7;
  if (done)
    free((void *)p);
  return p[1];
  // CHECK: ERROR: Sleuth: heap-use-after-free on address
  // CHECK-NEXT: READ of size 4 at
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in touch .*}}read-after-free-in-branch.c:[[@LINE-3]]
  // CHECK: freed by thread T0 here:
  // CHECK: {{#1 0x[0-9a-f]+ in touch .*}}read-after-free-in-branch.c:[[@LINE-6]]
}

int main(int argc, char **argv) {
  (void)argv;
  int *p = (int *)malloc(4 * sizeof(int));
  return touch(p, argc);
}
