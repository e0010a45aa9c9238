// Fields read at constant offsets from an 8-aligned base get their shadow
// from the base's (pass/AccessInstrumenter.cpp, alignedSpan: (p >> 3) + 2
// for p->c at p + 16, one shift shared by all of p's fields). A block too
// small for the struct is still caught at the field past its end, with the
// field's size and line, and the fields inside the block are not reported.
// RUN: %sleuth_cc -O1 %s -o %t1 && not %run %t1 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t2 && not %run %t2 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t2 2>&1 | FileCheck %s --check-prefix=CONT
// RUN: %sleuth_cc -O2 -S %s -o - | FileCheck %s --check-prefix=ASM
// ASM-LABEL: sum:
// ASM: cmpb $0, 2147450882(%{{r[a-z0-9]+}})
#include <stdio.h>
#include <stdlib.h>

struct node {
  long a, b, c;
};

__attribute__((noinline)) long sum(struct node *p) {
  long s = p->a;
  s += p->b;
  s += p->c;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 8 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in sum .*}}overflow-field-aligned-base.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after 16-byte region
  // CONT-COUNT-1: ERROR: Sleuth
  // CONT-NOT: ERROR: Sleuth
  // CONT: sum done
  return s;
}

int main(void) {
  struct node *p = (struct node *)malloc(16);
  p->a = 1;
  p->b = 2;
  long s = sum(p);
  printf("sum done %ld\n", s > 2);
  free(p);
  return 0;
}
