// An 8-byte store into a freed block.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O3 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>

int main(int argc, char **argv) {
  long *p = (long *)malloc(4 * sizeof(long));
  __asm__ volatile("" : : "r"(p) : "memory");
  free(p);
  p[argc] = 42;
  // CHECK: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 8 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}uaf-write.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 8 bytes inside of 32-byte region
  // CHECK-NEXT: freed by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in free}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}uaf-write.c:[[@LINE-8]]
  // CHECK: previously allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}uaf-write.c:[[@LINE-13]]
  // CHECK: SUMMARY: Sleuth: heap-use-after-free {{.*}}uaf-write.c:[[@LINE-11]]:{{[0-9]+}} in main
  __asm__ volatile("" : : "r"(p) : "memory"); // keeps the store at -O2
  return 0;
}
