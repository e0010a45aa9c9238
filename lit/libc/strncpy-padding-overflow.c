// strncpy writes all n bytes (the tail padded with NULs) even when the
// source is short: n larger than the block is a write overflow.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

char text[] = "ab";

int main(int argc, char **argv) {
  char *dst = (char *)malloc(8);
  strncpy(dst, text, 15 + argc);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 16 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in strncpy }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strncpy-padding-overflow.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after 8-byte region
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in strncpy
  __asm__ volatile("" : : "r"(dst) : "memory");
  free(dst);
  return 0;
}
