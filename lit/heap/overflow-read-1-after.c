// A 1-byte read just past the end of a 13-byte block: the last granule is
// only partly addressable, so the check must use the shadow value, not just
// "shadow != 0".
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *p = (char *)malloc(13);
  memset(p, 1, 13);
  int r = p[argc + 12];
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}overflow-read-1-after.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after 13-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-read-1-after.c:[[@LINE-9]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-read-1-after.c:[[@LINE-8]]:{{[0-9]+}} in main
  free(p);
  return r;
}
