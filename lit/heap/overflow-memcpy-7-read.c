// memcpy of 7 bytes (an odd size the compiler keeps as llvm.memcpy) reading
// 1 byte past the end of a 6-byte source block.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char dst[8];
  char *src = (char *)malloc(6);
  memset(src, 'a', 6);
  memcpy(dst, src, 7);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 7 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in __sleuth_memcpy}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-memcpy-7-read.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after 6-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-memcpy-7-read.c:[[@LINE-10]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow ({{.*}}+0x{{[0-9a-f]+}}) in __sleuth_memcpy
  free(src);
  return dst[argc];
}
