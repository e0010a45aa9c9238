// After realloc shrinks a block, the bytes past its new end are out of
// bounds even though they were valid before.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *p = (char *)malloc(64);
  memset(p, 1, 64);
  p = (char *)realloc(p, 20);
  int r = p[argc + 19];
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}overflow-realloc-shrunk.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after 20-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in realloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-realloc-shrunk.c:[[@LINE-8]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-realloc-shrunk.c:[[@LINE-8]]:{{[0-9]+}} in main
  free(p);
  return r;
}
