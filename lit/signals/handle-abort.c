// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=handle_abort=1 not %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=handle_abort=1:abort_on_error=1 not --crash %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,ONCE
// RUN: not --crash %run %t 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
#include <stdlib.h>

__attribute__((noinline)) void give_up(int why) {
  if (why)
    abort();
}

int main(int argc, char **argv) {
  give_up(argc);
  // CHECK: ERROR: Sleuth: ABRT on unknown address 0x{{[0-9a-f]+}} (pc
  // CHECK: in abort
  // CHECK: {{#[0-9]+ 0x[0-9a-f]+ in give_up .*}}handle-abort.c:[[@LINE-7]]
  // CHECK-NEXT: {{#[0-9]+ 0x[0-9a-f]+ in main .*}}handle-abort.c:[[@LINE-4]]
  // CHECK: SUMMARY: Sleuth: ABRT
  // ONCE-NOT: ERROR: Sleuth
  // OFF-NOT: Sleuth
  return 0;
}
//
// handle_abort=1: abort() gets an ABRT report naming the caller of abort; by
// default (0, as ASan) the process dies of SIGABRT without a report. With
// abort_on_error=1 the report is followed by death by SIGABRT, and the
// runtime's own abort is not reported a second time.
