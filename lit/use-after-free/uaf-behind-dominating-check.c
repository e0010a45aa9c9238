// In a function with calls, a check that dominates a later access of the
// same bytes drops that access's check only if no path between them runs a
// call (pass/DominatedChecks.cpp, ShadowPaths): a free on one of the paths
// keeps the later check, which reports the use after free at its line.
// RUN: %sleuth_cc -O1 %s -o %t1 && env SLEUTH_OPTIONS=halt_on_error=0 not %run %t1 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t2 && env SLEUTH_OPTIONS=halt_on_error=0 not %run %t2 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O0 %s -o %t0 && env SLEUTH_OPTIONS=halt_on_error=0 not %run %t0 2>&1 | FileCheck %s
// The checks dropped: none in freeing(), the second read of *p in clean()
// (its only call is before the first read).
// RUN: env SLEUTH_PASS_OPTIONS=verbose=2 %sleuth_cc -O2 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PASS
// PASS-DAG: sleuth: freeing: {{[0-9]+}} checks, 0 redundant dropped
// PASS-DAG: sleuth: clean: 2 checks, 1 redundant dropped
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void release(int *p) { free(p); }
__attribute__((noinline)) void touch(volatile int *q) { *q += 1; }

// *q may alias *p: *p is read again in the last block.
__attribute__((noinline)) int freeing(int *p, volatile int *q, int c) {
  int x = *p;
  if (c > 1)
    release(p); // a call on one path between the two reads of *p
  *q = 3;
  if (c)
    x += *p;
  // CHECK: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in freeing .*}}uaf-behind-dominating-check.c:[[@LINE-3]]
  // CHECK: freed by thread T0 here:
  // CHECK: {{#1 0x[0-9a-f]+ in release .*}}uaf-behind-dominating-check.c:16
  return x;
}

__attribute__((noinline)) int clean(int *p, volatile int *q, int c) {
  touch(q); // before the first read: cannot change what it checked
  int x = *p;
  *q = 3;
  if (c)
    x += *p; // covered by the first read's check
  return x;
}

int main(int argc, char **argv) {
  (void)argv;
  int q = 0;
  int *a = (int *)malloc(sizeof(int));
  *a = 5;
  int r = clean(a, &q, argc);
  r += freeing(a, &q, argc + 1); // frees a, then reads it
  fprintf(stderr, "done %d\n", r);
  // CHECK: done
  // CHECK-NOT: ERROR
  return 0;
}
