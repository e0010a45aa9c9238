// A 16-byte (__int128) read just past the end of a 32-byte block: the check
// of a 16-byte access covers two shadow bytes.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  __int128 *p = (__int128 *)malloc(2 * sizeof(__int128));
  memset(p, 1, 2 * sizeof(__int128));
  __int128 r = p[argc + 1];
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 16 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}overflow-read-16-after.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after 32-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-read-16-after.c:[[@LINE-9]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-read-16-after.c:[[@LINE-8]]:{{[0-9]+}} in main
  free(p);
  return (int)r;
}
