// A store past the new end of a block grown by realloc: the redzone moves
// with the block, and "allocated by" is the realloc.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>

int main(int argc, char **argv) {
  char *p = (char *)malloc(10);
  __asm__ volatile("" : : "r"(p) : "memory");
  p = (char *)realloc(p, 100);
  p[argc + 99] = 1;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}overflow-realloc-grown.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after 100-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in realloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-realloc-grown.c:[[@LINE-8]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-realloc-grown.c:[[@LINE-8]]:{{[0-9]+}} in main
  __asm__ volatile("" : : "r"(p) : "memory"); // keeps the store at -O2
  free(p);
  return 0;
}
