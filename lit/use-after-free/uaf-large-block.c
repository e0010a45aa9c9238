// A read from a freed 1 MiB block (large-block path) is a use-after-free
// report, not a SEGV: large blocks are quarantined too.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *p = (char *)malloc(1 << 20);
  memset(p, 1, 1 << 20);
  free(p);
  int r = p[argc + 99999];
  // CHECK-NOT: SEGV
  // CHECK: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}uaf-large-block.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 100000 bytes inside of 1048576-byte region
  // CHECK-NEXT: freed by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in free}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}uaf-large-block.c:[[@LINE-9]]
  // CHECK: previously allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}uaf-large-block.c:[[@LINE-14]]
  return r;
}
