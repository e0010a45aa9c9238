// free() of a stack address is a bad-free naming the thread's stack; the
// runtime must not read a chunk header in front of it.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>

int main(int argc, char **argv) {
  char buf[64];
  char *p = buf;
  // Hide where p points, so the compiler neither warns nor drops the call.
  __asm__ volatile("" : "+r"(p) : : "memory");
  free(p);
  // CHECK: ERROR: Sleuth: bad-free: attempting free on address which was not malloc()-ed: [[ADDR:0x[0-9a-f]+]] in thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in free}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}bad-free-stack.c:[[@LINE-3]]
  // CHECK: Address [[ADDR]] is located in stack of thread T0
  // CHECK: SUMMARY: Sleuth: bad-free {{.*}}bad-free-stack.c:[[@LINE-5]]:{{[0-9]+}} in main
  return 0;
}
