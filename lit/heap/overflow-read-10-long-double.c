// An x87 long double load reads 10 bytes: an odd size, checked at its first
// and last byte. On an 8-byte block, the last two bytes are past the end.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *p = (char *)malloc(7 + argc); // 8, unknown to the optimizer
  memset(p, 0, 8);
  long double *ld = (long double *)(p + argc - 1);
  long double v = *ld;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 10 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}overflow-read-10-long-double.c:[[@LINE-3]]
  // CHECK: is located 0 bytes after 8-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-read-10-long-double.c:[[@LINE-10]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-read-10-long-double.c:[[@LINE-8]]:{{[0-9]+}} in main
  printf("%Lf\n", v);
  free(p);
  return 0;
}
