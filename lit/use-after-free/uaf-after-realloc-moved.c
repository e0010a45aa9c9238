// realloc that grows a block moves it; the old pointer is then dangling.
// "freed by" is the realloc.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *old = (char *)malloc(16);
  memset(old, 1, 16);
  char *p = (char *)realloc(old, 1 << 16);
  if (p == old) {
    // Not the behaviour under test: the block did not move.
    puts("realloc did not move the block");
    return 2;
  }
  int r = old[argc];
  // CHECK: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}uaf-after-realloc-moved.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 1 bytes inside of 16-byte region
  // CHECK-NEXT: freed by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in realloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}uaf-after-realloc-moved.c:[[@LINE-13]]
  // CHECK: previously allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}uaf-after-realloc-moved.c:[[@LINE-18]]
  // CHECK: SUMMARY: Sleuth: heap-use-after-free {{.*}}uaf-after-realloc-moved.c:[[@LINE-11]]:{{[0-9]+}} in main
  free(p);
  return r;
}
