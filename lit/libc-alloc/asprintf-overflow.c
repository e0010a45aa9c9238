// asprintf allocates exactly the formatted length plus one; a read past it
// overflows, and the allocation stack is asprintf called from main.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  char *s;
  int n = asprintf(&s, "argc=%d", argc); // "argc=1": 7 bytes with the NUL
  if (n < 0)
    return 2;
  int r = s[n + 1];
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}asprintf-overflow.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after 7-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in asprintf}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}asprintf-overflow.c:[[@LINE-10]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}asprintf-overflow.c:[[@LINE-8]]:{{[0-9]+}} in main
  free(s);
  return r;
}
