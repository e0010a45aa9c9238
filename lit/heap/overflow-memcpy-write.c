// A constant-size memcpy (an llvm.memcpy intrinsic, not a libc call) that
// writes 2 bytes past the end of its destination block.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

static const char message[] = "0123456789abcdef";

int main(int argc, char **argv) {
  char *dst = (char *)malloc(10);
  memcpy(dst, message, 12);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 12 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in __sleuth_memcpy}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-memcpy-write.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after 10-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-memcpy-write.c:[[@LINE-9]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow ({{.*}}+0x{{[0-9a-f]+}}) in __sleuth_memcpy
  __asm__ volatile("" : : "r"(dst) : "memory"); // keeps the copy at -O2
  free(dst);
  return 0;
}
