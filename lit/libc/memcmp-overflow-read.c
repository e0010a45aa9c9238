// memcmp reads all n bytes of both arguments; one past the end of a block
// is an over-read even though the first bytes already differ.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *a = (char *)malloc(16);
  char *b = (char *)malloc(32);
  memset(a, 'a', 16);
  memset(b, 'b', 32);
  int r = memcmp(b, a, 16 + argc); // non-constant size: a call to memcmp
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 17 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in memcmp }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}memcmp-overflow-read.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after 16-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}memcmp-overflow-read.c:[[@LINE-12]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in memcmp
  printf("%d\n", r);
  free(a);
  free(b);
  return 0;
}
