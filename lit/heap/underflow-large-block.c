// A read just before the start of a 1 MiB block (large-block path): the
// left redzone of a large block must be poisoned too.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *p = (char *)malloc(1 << 20);
  memset(p, 1, 1 << 20);
  int r = p[argc - 2];
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}underflow-large-block.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 1 bytes before 1048576-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}underflow-large-block.c:[[@LINE-9]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}underflow-large-block.c:[[@LINE-8]]:{{[0-9]+}} in main
  free(p);
  return r;
}
