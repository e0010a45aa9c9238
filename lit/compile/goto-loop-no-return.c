// A function with no `ret` at all whose two labels jump to each other
// across the end of a local's scope (event loops that end in exit()):
// the -O0 stack layout crashed clang on it. Built at -O0..-O3 it runs
// silently: the jump back into the scope is not a use after scope (clang
// emits no lifetime markers for a variable whose scope a goto bypasses).
// RUN: %sleuth_cc -O0 %s -o %t0 && %run %t0 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t1 && %run %t1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t2 && %run %t2 | FileCheck %s
// RUN: %sleuth_cc -O3 %s -o %t3 && %run %t3 | FileCheck %s
// CHECK: bounced 3 times, last cell 3
// CHECK-NOT: Sleuth
#include <stdio.h>
#include <stdlib.h>

static int rounds;

__attribute__((noinline)) void note(int *cell) {
  *cell = ++rounds;
  if (rounds == 3) {
    printf("bounced %d times, last cell %d\n", rounds, *cell);
    exit(0);
  }
}

__attribute__((noinline)) void bounce(void) {
  {
    int cell;
  here:
    note(&cell);
    goto there;
  }
there:
  goto here;
}

int main(void) {
  bounce();
  return 1;
}
