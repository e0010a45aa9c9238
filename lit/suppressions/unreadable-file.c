// A suppressions file that cannot be opened stops the program before main
// with one line naming it; exit status 1.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not env SLEUTH_OPTIONS=suppressions=%t.does-not-exist %run %t 2>&1 | FileCheck %s -DF=%t.does-not-exist
// RUN: env SLEUTH_OPTIONS=suppressions=%t.does-not-exist %run %t; test $? -eq 1
#include <stdio.h>

int main(void) {
  puts("main ran");
  return 0;
}
// CHECK-NOT: main ran
// CHECK: {{^==[0-9]+==ERROR: Sleuth: suppressions file '}}[[F]]': cannot be opened
// CHECK-NOT: main ran
