// With allocator_may_return_null=1 an impossible malloc returns NULL
// quietly and the program goes on.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=allocator_may_return_null=1 %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: env SLEUTH_OPTIONS=allocator_may_return_null=1 %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  void *p = malloc((size_t)argc << 41);
  // Otherwise -O2 deletes the call and assumes it succeeded.
  __asm__ volatile("" : "+r"(p));
  puts(p ? "not NULL" : "NULL");
  return 0;
}
// CHECK-NOT: Sleuth
// CHECK: {{^NULL$}}
