// calloc whose count * size does not fit in size_t.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  size_t count = SIZE_MAX / 4 + argc; // 0x4000000000000000
  void *p = calloc(count, 8);
  // CHECK: ERROR: Sleuth: calloc-overflow: calloc parameters overflow: count * size (4611686018427387904 * 8) cannot be represented in type size_t (thread T0)
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in calloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}calloc-overflow.c:[[@LINE-3]]
  // CHECK: SUMMARY: Sleuth: calloc-overflow {{.*}}calloc-overflow.c:[[@LINE-4]]:{{[0-9]+}} in main
  // CHECK-NOT: returned
  printf("calloc returned %p\n", p);
  return 0;
}
