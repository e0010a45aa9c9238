// An unknown option name: one line naming it, exit status 1, main never
// runs.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=no_such_option=1 %run %t > %t.out 2>&1; test $? -eq 1
// RUN: count 1 < %t.out
// RUN: FileCheck %s < %t.out
// RUN: env SLEUTH_OPTIONS=exitcode=3:no_such_option=1:halt_on_error=1 %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s < %t.out
#include <stdio.h>

int main(void) {
  puts("main ran");
  return 0;
}
// CHECK-NOT: main ran
// CHECK: ERROR: Sleuth: unknown option 'no_such_option'
