// With allocator_may_return_null=1 a request the kernel refuses returns
// NULL (errno ENOMEM) instead of a report.
// REQUIRES: overcommit-limited
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=allocator_may_return_null=1 %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: env SLEUTH_OPTIONS=allocator_may_return_null=1 %run %t 2>&1 | FileCheck %s
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  errno = 0;
  void *p = malloc((size_t)argc << 39);
  // Otherwise -O2 deletes the call and assumes it succeeded.
  __asm__ volatile("" : "+r"(p));
  printf("%s %s\n", p ? "not NULL" : "NULL", errno == ENOMEM ? "ENOMEM" : "errno?");
  return 0;
}
// CHECK-NOT: Sleuth
// CHECK: {{^NULL ENOMEM$}}
