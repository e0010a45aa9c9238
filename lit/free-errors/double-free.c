// Freeing a block twice: the report shows the second free, the first free
// and the allocation.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>

int main(int argc, char **argv) {
  char *p = (char *)malloc(42);
  __asm__ volatile("" : : "r"(p) : "memory");
  free(p); // first
  free(p); // second
  // CHECK: ERROR: Sleuth: double-free: attempting double-free on [[ADDR:0x[0-9a-f]+]] in thread T0:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in free}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}double-free.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes inside of 42-byte region
  // CHECK-NEXT: freed by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in free}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}double-free.c:[[@LINE-8]]
  // CHECK: previously allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}double-free.c:[[@LINE-13]]
  // CHECK: SUMMARY: Sleuth: double-free {{.*}}double-free.c:[[@LINE-11]]:{{[0-9]+}} in main
  return 0;
}
