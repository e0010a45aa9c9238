// In a function without calls, a check that dominates later accesses of the
// same address with at most its size drops their checks (pass/
// DominatedChecks.cpp): the overflow is still caught, by the first store,
// at its line. With halt_on_error=0 the later accesses of the same bytes
// are not reported again (as within one block; a load's check would not
// cover a store, so a store behind only loads keeps its own check).
// RUN: %sleuth_cc -O0 %s -o %t0 && not %run %t0 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t1 && not %run %t1 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t2 && not %run %t2 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t2 2>&1 | FileCheck %s --check-prefix=CONT
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static int update(volatile int *p, int i, int c) {
  p[i] = 1;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address
  // CHECK-NEXT: WRITE of size 4 at
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in update .*}}overflow-dominating-check.c:[[@LINE-3]]
  // CHECK: is located 4 bytes after 16-byte region
  // CONT: WRITE of size 4 at
  // CONT-NEXT: {{#0 0x[0-9a-f]+ in update .*}}overflow-dominating-check.c:[[@LINE-6]]
  int v;
  if (c > 1)
    v = p[i] + 1;
  else
    v = p[i] - 1;
  p[i] = v;
  return v;
}

int main(int argc, char **argv) {
  (void)argv;
  int *p = (int *)calloc(4, sizeof(int));
  int v = update(p, argc + 4, argc);
  // CONT-NOT: ERROR
  // CONT: result 0
  printf("result %d\n", v);
  free(p);
  return 0;
}
