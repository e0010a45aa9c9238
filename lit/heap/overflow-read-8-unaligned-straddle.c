// An unaligned 8-byte read at offset 5 of an 8-byte block: the first bytes
// are inside, the last ones after the block. The check must look at the last
// byte, not only the first granule.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t unaligned_u64 __attribute__((aligned(1)));

int main(int argc, char **argv) {
  char *p = (char *)malloc(8);
  memset(p, 1, 8);
  uint64_t v = *(unaligned_u64 *)(p + 4 + argc);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 8 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}overflow-read-8-unaligned-straddle.c:[[@LINE-3]]
  // CHECK: is located 0 bytes after 8-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-read-8-unaligned-straddle.c:[[@LINE-9]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-read-8-unaligned-straddle.c:[[@LINE-8]]:{{[0-9]+}} in main
  free(p);
  return (int)v;
}
