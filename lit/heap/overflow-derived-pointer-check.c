// Checks of addresses derived from a pointer already checked with a larger
// size (pass/DominatedChecks.cpp, checkCovers): an 8-byte read of *p checks
// the bytes of p->b at p + 4, so the later read of p->b keeps no check of
// its own. The error that could hide there is still caught, by the 8-byte
// read at its line. Accesses the first check does not cover keep theirs: a
// field beyond its bytes, a read the check does not dominate, a store
// behind a read.
// RUN: %sleuth_cc -O1 %s -o %t1 && env SLEUTH_OPTIONS=halt_on_error=0 not %run %t1 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t2 && env SLEUTH_OPTIONS=halt_on_error=0 not %run %t2 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O0 %s -o %t0 && env SLEUTH_OPTIONS=halt_on_error=0 not %run %t0 2>&1 | FileCheck %s --check-prefix=O0
// The pass drops exactly the one check of p->b in covered():
// RUN: env SLEUTH_PASS_OPTIONS=verbose=2 %sleuth_cc -O2 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PASS
// PASS-DAG: sleuth: covered: 2 checks, 1 redundant dropped
// PASS-DAG: sleuth: beyond: 3 checks, 0 redundant dropped
// PASS-DAG: sleuth: undominated: 3 checks, 0 redundant dropped
// PASS-DAG: sleuth: store_behind_read: 3 checks, 0 redundant dropped
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pair {
  int a, b;
};
struct triple {
  int a, b, c;
};

// *q may alias p->b, so p->b is read again after the store.
__attribute__((noinline)) static int covered(struct pair *p, int *q, int c) {
  long whole;
  memcpy(&whole, p, sizeof whole); // 8 bytes at p
  *q = 1;
  int r = (int)whole;
  if (c)
    r += p->b; // bytes 4..7: covered, no check
  return r;
}

__attribute__((noinline)) static int beyond(struct triple *p, int *q, int c) {
  long whole;
  memcpy(&whole, p, sizeof whole); // 8 bytes at p
  *q = 1;
  int r = (int)whole;
  if (c)
    r += p->c; // bytes 8..11: not covered, checked
  return r;
}

__attribute__((noinline)) static int undominated(struct pair *p, int *q,
                                                 int c) {
  long whole = 0;
  if (c > 5)
    memcpy(&whole, p, sizeof whole); // does not run on every path
  *q = 1;
  return (int)whole + p->b; // checked
}

__attribute__((noinline)) static int store_behind_read(struct pair *p, int *q,
                                                       int c) {
  long whole;
  memcpy(&whole, p, sizeof whole); // a read of 8 bytes at p
  *q = 1;
  if (c)
    p->b = 7; // a store: a read's check does not cover it
  return (int)whole;
}

int main(int argc, char **argv) {
  (void)argv;
  int q;
  // 6 bytes: p->b (bytes 4..7) reaches 2 bytes past the end.
  struct pair *p = (struct pair *)malloc(6);
  memset(p, 0, 6);
  int r = covered(p, &q, argc);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[A1:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 8 at [[A1]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in covered .*}}overflow-derived-pointer-check.c:31
  // CHECK: is located 0 bytes after 6-byte region
  // CHECK-NOT: {{#0 .* in covered}}
  // O0: READ of size 8
  // O0-NEXT: {{#0 0x[0-9a-f]+ in __sleuth_memcpy}}
  // O0-NEXT: {{#1 0x[0-9a-f]+ in covered .*}}overflow-derived-pointer-check.c:31
  // O0: READ of size 4
  // O0-NEXT: {{#0 0x[0-9a-f]+ in covered .*}}overflow-derived-pointer-check.c:35

  struct triple *t = (struct triple *)malloc(8); // p->c is outside
  memset(t, 0, 8);
  r += beyond(t, &q, argc);
  // CHECK: READ of size 4
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in beyond .*}}overflow-derived-pointer-check.c:45
  // O0: READ of size 4
  // O0-NEXT: {{#0 0x[0-9a-f]+ in beyond .*}}overflow-derived-pointer-check.c:45

  r += undominated(p, &q, argc);
  // CHECK: READ of size 4
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in undominated .*}}overflow-derived-pointer-check.c:55
  // O0: READ of size 4
  // O0-NEXT: {{#0 0x[0-9a-f]+ in undominated .*}}overflow-derived-pointer-check.c:55

  struct pair *s = (struct pair *)malloc(8);
  memset(s, 0, 8);
  r += store_behind_read(s, &q, argc); // in bounds: no report
  free(s);
  s = (struct pair *)malloc(6);
  r += store_behind_read(s, &q, argc);
  // CHECK: READ of size 8
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in store_behind_read .*}}overflow-derived-pointer-check.c:61
  // CHECK: WRITE of size 4
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in store_behind_read .*}}overflow-derived-pointer-check.c:64
  // O0: WRITE of size 4
  // O0-NEXT: {{#0 0x[0-9a-f]+ in store_behind_read .*}}overflow-derived-pointer-check.c:64
  fprintf(stderr, "done %d\n", r);
  // CHECK: done
  // CHECK-NOT: ERROR
  free(s);
  free(t);
  free(p);
  return 0;
}
