// A 1-byte store just past the end of a 13-byte block (partial granule).
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O3 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>

int main(int argc, char **argv) {
  char *p = (char *)malloc(13);
  p[argc + 12] = 'x';
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}overflow-write-1-after.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after 13-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-write-1-after.c:[[@LINE-8]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-write-1-after.c:[[@LINE-8]]:{{[0-9]+}} in main
  // The empty asm reads all memory: without it -O2 deletes the dead store
  // together with the block.
  __asm__ volatile("" : : "r"(p) : "memory");
  free(p);
  return 0;
}
