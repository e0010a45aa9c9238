// snprintf with a size larger than the block: the bytes it wrote (the
// output and its NUL, 14 here) overflow the 8-byte block.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  char *dst = (char *)malloc(8);
  snprintf(dst, 64, "value=%d-%s", 1233 + argc, "xy");
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 14 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in snprintf }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}snprintf-overflow-write.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after 8-byte region
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in snprintf
  __asm__ volatile("" : : "r"(dst) : "memory");
  free(dst);
  return 0;
}
