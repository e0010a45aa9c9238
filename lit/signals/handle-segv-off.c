// handle_segv=0: Sleuth installs no handler; the process dies of SIGSEGV
// without a report.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=handle_segv=0 not --crash %run %t 2>&1 | FileCheck %s --allow-empty
// RUN: not %run %t 2>&1 | FileCheck %s --check-prefix=DEFAULT

int *volatile ptr;

int main(int argc, char **argv) { return *ptr; }
// CHECK-NOT: Sleuth
// DEFAULT: ERROR: Sleuth: SEGV on unknown address 0x000000000000
