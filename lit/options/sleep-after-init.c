// sleep_after_init=N (ASan's option, also read from ASAN_OPTIONS) prints one
// line and waits N seconds once the runtime is initialised, before main
// (time to attach a debugger); without it nothing is printed. A negative
// value is refused.
// RUN: %sleuth_cc -O1 %s -o %t
// RUN: env SLEUTH_OPTIONS=sleep_after_init=1 not %run %t 2>&1 | FileCheck %s
// RUN: env ASAN_OPTIONS=sleep_after_init=1 not %run %t 2>&1 | FileCheck %s
// RUN: not %run %t 2>&1 | FileCheck %s --check-prefix=NOSLEEP
// RUN: env SLEUTH_OPTIONS=sleep_after_init=-1 not %run %t 2>&1 | FileCheck %s --check-prefix=BAD
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  fprintf(stderr, "main starts\n");
  char *p = malloc(10);
  free(p);
  return ((volatile char *)p)[argc + 4];
  // CHECK: =={{[0-9]+}}==Sleeping for 1 second(s)
  // CHECK-NEXT: main starts
  // CHECK: ERROR: Sleuth: heap-use-after-free on address
  // CHECK-NEXT: READ of size 1 at
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}sleep-after-init.c:[[@LINE-5]]
  // NOSLEEP-NOT: Sleeping
  // NOSLEEP: main starts
  // NOSLEEP-NOT: Sleeping
  // BAD: sleep_after_init
  // BAD-NOT: main starts
}
