// A 4-byte store just past the end of a 40-byte block (the first byte after
// the block starts a fully poisoned granule).
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O3 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>

int main(int argc, char **argv) {
  int *p = (int *)malloc(10 * sizeof(int));
  p[argc + 9] = 1;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}overflow-write-4-after.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after 40-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-write-4-after.c:[[@LINE-8]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-write-4-after.c:[[@LINE-8]]:{{[0-9]+}} in main
  __asm__ volatile("" : : "r"(p) : "memory"); // keeps the store at -O2
  free(p);
  return 0;
}
