// A read past the end of a calloc'ed block; "allocated by" names calloc.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>

int main(int argc, char **argv) {
  int *p = (int *)calloc(10, sizeof(int));
  // Without this, -O2 folds the read of calloc'ed memory to 0.
  __asm__ volatile("" : : "r"(p) : "memory");
  int r = p[argc + 9];
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}overflow-calloc.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after 40-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in calloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-calloc.c:[[@LINE-10]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-calloc.c:[[@LINE-8]]:{{[0-9]+}} in main
  free(p);
  return r;
}
