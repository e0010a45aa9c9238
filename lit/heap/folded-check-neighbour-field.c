// Fields in the granule an earlier access from the same 8-aligned base
// (align_value: an `align 8` parameter) tested (p->a at p + 8, p->b at
// p + 12) have no test of their own on the fast path: p->b is checked on
// p->a's slow path (pass/AccessInstrumenter.cpp, instrumentAll's folding,
// testCovers). In a 12-byte block p->a is fine and
// p->b is not: the partial granule sends p->a's test to its slow path,
// which does not report p->a and reports p->b, with its size and line. In
// a freed block both are reported (halt_on_error=0), each as itself.
// RUN: %sleuth_cc -O1 %s -o %t1 && not %run %t1 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t2 && not %run %t2 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t2 2>&1 | FileCheck %s --check-prefix=CONT
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t1 uaf 2>&1 | FileCheck %s --check-prefix=UAF
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t2 uaf 2>&1 | FileCheck %s --check-prefix=UAF
#include <stdio.h>
#include <stdlib.h>

struct rec {
  long key;
  int a;
  int b;
};

typedef struct rec *__attribute__((align_value(8))) rec_ptr;

__attribute__((noinline)) int sum(rec_ptr p) {
  int s = p->a;
  // UAF: ERROR: Sleuth: heap-use-after-free on address
  // UAF-NEXT: READ of size 4 at
  // UAF-NEXT: {{#0 0x[0-9a-f]+ in sum .*}}folded-check-neighbour-field.c:[[@LINE-3]]
  s += p->b;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in sum .*}}folded-check-neighbour-field.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after 12-byte region
  // CONT-COUNT-1: ERROR: Sleuth
  // CONT-NOT: ERROR: Sleuth
  // CONT: sum 1
  // UAF: ERROR: Sleuth: heap-use-after-free on address
  // UAF-NEXT: READ of size 4 at
  // UAF-NEXT: {{#0 0x[0-9a-f]+ in sum .*}}folded-check-neighbour-field.c:[[@LINE-10]]
  // UAF-NOT: ERROR: Sleuth
  // UAF: sum
  return s;
}

int main(int argc, char **argv) {
  (void)argv;
  struct rec *p = (struct rec *)calloc(1, 12);
  p->a = 1;
  if (argc > 1)
    free(p);
  printf("sum %d\n", sum(p) > 0);
  if (argc == 1)
    free(p);
  return 0;
}
