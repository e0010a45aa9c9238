// halt_on_error=0 with suppress_equal_pcs=0 (ASan's option, also read from
// ASAN_OPTIONS) reports every occurrence of an error, not each site once;
// suppress_equal_pcs=1 is the default. The exit status is exitcode either
// way, since errors were reported (DESIGN.md §3).
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=halt_on_error=0:suppress_equal_pcs=0 %run %t > %t.all 2>&1; test $? -eq 1
// RUN: FileCheck %s < %t.all
// RUN: grep -c "ERROR: Sleuth: stack-buffer-overflow" %t.all | FileCheck %s --check-prefix=FOUR
// RUN: env ASAN_OPTIONS=halt_on_error=0:suppress_equal_pcs=false not %run %t > %t.asan 2>&1
// RUN: grep -c "ERROR: Sleuth: stack-buffer-overflow" %t.asan | FileCheck %s --check-prefix=FOUR
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t > %t.default 2>&1
// RUN: grep -c "ERROR: Sleuth: stack-buffer-overflow" %t.default | FileCheck %s --check-prefix=ONE
// RUN: env SLEUTH_OPTIONS=halt_on_error=0:suppress_equal_pcs=1 not %run %t > %t.on 2>&1
// RUN: grep -c "ERROR: Sleuth: stack-buffer-overflow" %t.on | FileCheck %s --check-prefix=ONE
// FOUR: {{^4$}}
// ONE: {{^1$}}
#include <stdio.h>

int main(int argc, char **argv) {
  char a[10];
  volatile int ten = 10;
  for (int i = 0; i < 4; i++)
    a[ten + i % 1] = (char)i;
  // CHECK: ERROR: Sleuth: stack-buffer-overflow on address
  // CHECK-NEXT: WRITE of size 1 at
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}suppress-equal-pcs.c:[[@LINE-3]]
  // CHECK-NOT: ABORTING
  // CHECK-COUNT-3: {{#0 0x[0-9a-f]+ in main .*}}suppress-equal-pcs.c:[[@LINE-5]]
  // CHECK-NOT: ABORTING
  // CHECK: finished
  printf("finished\n");
  return 0;
}
