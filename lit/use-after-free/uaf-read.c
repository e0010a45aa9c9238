// A read from a freed block: the report shows where it was freed and where
// it was allocated.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *p = (char *)malloc(24);
  memset(p, 1, 24);
  free(p);
  int r = p[argc + 4];
  // CHECK: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}uaf-read.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 5 bytes inside of 24-byte region
  // CHECK-NEXT: freed by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in free}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}uaf-read.c:[[@LINE-8]]
  // CHECK: previously allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}uaf-read.c:[[@LINE-13]]
  // CHECK: SUMMARY: Sleuth: heap-use-after-free {{.*}}uaf-read.c:[[@LINE-11]]:{{[0-9]+}} in main
  return r;
}
