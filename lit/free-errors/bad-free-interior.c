// free() of a pointer into the middle of a block is a bad-free, and the
// block it points into is described.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>

int main(int argc, char **argv) {
  char *p = (char *)malloc(32);
  __asm__ volatile("" : : "r"(p) : "memory");
  free(p + 8);
  // CHECK: ERROR: Sleuth: bad-free: attempting free on address which was not malloc()-ed: [[ADDR:0x[0-9a-f]+]] in thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in free}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}bad-free-interior.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 8 bytes inside of 32-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}bad-free-interior.c:[[@LINE-9]]
  // CHECK: SUMMARY: Sleuth: bad-free {{.*}}bad-free-interior.c:[[@LINE-8]]:{{[0-9]+}} in main
  return 0;
}
