// RUN: %sleuth_cc -O1 %s -o %t
// RUN: env SLEUTH_OPTIONS=sleep_before_dying=1 not %run %t 2>&1 | FileCheck %s
// RUN: env ASAN_OPTIONS=sleep_before_dying=1 not %run %t 2>&1 | FileCheck %s
// RUN: not %run %t 2>&1 | FileCheck %s --check-prefix=NOSLEEP
// RUN: env SLEUTH_OPTIONS=sleep_before_dying=-1 not %run %t 2>&1 | FileCheck %s --check-prefix=BAD
#include <stdlib.h>

int main(int argc, char **argv) {
  char *p = malloc(8);
  ((volatile char *)p)[argc + 7] = 1;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address
  // CHECK-NEXT: WRITE of size 1 at
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}sleep-before-dying.c:[[@LINE-3]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow
  // CHECK-NEXT: ==[[PID:[0-9]+]]==ABORTING
  // CHECK-NEXT: ==[[PID]]==Sleeping for 1 second(s)
  // NOSLEEP: ABORTING
  // NOSLEEP-NOT: Sleeping
  // BAD: sleep_before_dying
  free(p);
  return 0;
}

// sleep_before_dying=N (ASan's option, also read from ASAN_OPTIONS) prints
// one line and waits N seconds after a fatal report, before the process
// exits; without it the process exits at once. A negative value is refused.
