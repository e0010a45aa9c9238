// __lsan_do_leak_check is the exit-time check, run now: it reports and
// ends the process with the error exit status; the check does not run a
// second time at exit.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=exitcode=33 %run %t; test $? = 33
#include <sanitizer/lsan_interface.h>
#include <stdio.h>
#include <stdlib.h>

void *volatile sink;

int main(void) {
  sink = malloc(31);
  sink = 0;
  __lsan_do_leak_check();
  // CHECK: ERROR: Sleuth: detected memory leaks
  // CHECK: Direct leak of 31 byte(s) in 1 object(s) allocated from:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}lsan-do-leak-check.c:[[@LINE-6]]
  // CHECK-NOT: after the check
  // CHECK-NOT: detected memory leaks
  fprintf(stderr, "after the check\n");
  return 0;
}
