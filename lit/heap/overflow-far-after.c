// A read 5 bytes past the end of a 10-byte block, in the same granule as
// the block's last bytes: "located 5 bytes after".
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *p = (char *)malloc(10);
  memset(p, 1, 10);
  int r = p[argc + 14];
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}overflow-far-after.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 5 bytes after 10-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-far-after.c:[[@LINE-9]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-far-after.c:[[@LINE-8]]:{{[0-9]+}} in main
  free(p);
  return r;
}
