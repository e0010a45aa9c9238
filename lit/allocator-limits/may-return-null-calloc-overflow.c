// With allocator_may_return_null=1 an overflowing calloc returns NULL.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=allocator_may_return_null=1 %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: env SLEUTH_OPTIONS=allocator_may_return_null=1 %run %t 2>&1 | FileCheck %s
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  void *p = calloc(SIZE_MAX / 4 + argc, 8);
  // Otherwise -O2 deletes the call and assumes it succeeded.
  __asm__ volatile("" : "+r"(p));
  puts(p ? "not NULL" : "NULL");
  return 0;
}
// CHECK-NOT: Sleuth
// CHECK: {{^NULL$}}
