// free() of the address of a global is a bad-free naming the global (an
// instrumented one is registered with the runtime) and where it is defined.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>

int table[16];

int main(int argc, char **argv) {
  int *p = table;
  // Hide where p points, so the compiler neither warns nor drops the call.
  __asm__ volatile("" : "+r"(p) : : "memory");
  free(p);
  // CHECK: ERROR: Sleuth: bad-free: attempting free on address which was not malloc()-ed: [[ADDR:0x[0-9a-f]+]] in thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in free}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}bad-free-global.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes inside of global variable 'table' defined in '{{.*}}bad-free-global.c:7:{{[0-9]+}}' ([[ADDR]]) of size 64
  // CHECK: SUMMARY: Sleuth: bad-free {{.*}}bad-free-global.c:[[@LINE-5]]:{{[0-9]+}} in main
  return 0;
}
