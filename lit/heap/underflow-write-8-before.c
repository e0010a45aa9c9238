// An 8-byte store one element before the start of a block.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>

int main(int argc, char **argv) {
  long *p = (long *)malloc(4 * sizeof(long));
  p[argc - 2] = 1;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 8 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}underflow-write-8-before.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 8 bytes before 32-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}underflow-write-8-before.c:[[@LINE-8]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}underflow-write-8-before.c:[[@LINE-8]]:{{[0-9]+}} in main
  __asm__ volatile("" : : "r"(p) : "memory"); // keeps the store at -O2
  free(p);
  return 0;
}
