// malloc of 2 TiB is above the allocator's 1 TiB limit.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  size_t size = (size_t)argc << 41;
  void *p = malloc(size);
  // CHECK: ERROR: Sleuth: allocation-size-too-big: requested allocation size 0x20000000000 (0x20000000800 after adjustments for alignment, red zones etc.) exceeds maximum supported size of 0x10000000000 (thread T0)
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}allocation-size-too-big.c:[[@LINE-3]]
  // CHECK: SUMMARY: Sleuth: allocation-size-too-big {{.*}}allocation-size-too-big.c:[[@LINE-4]]:{{[0-9]+}} in main
  // CHECK-NOT: returned
  printf("malloc returned %p\n", p);
  return 0;
}
