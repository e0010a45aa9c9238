// An 8-byte read of the last granule of a 20-byte block, of which only 4
// bytes belong to the block: the access starts inside the block and ends
// after it. The report names the first byte outside the block.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *p = (char *)malloc(20);
  memset(p, 1, 20);
  long r = ((long *)p)[argc + 1];
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 8 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}overflow-read-8-partial-granule.c:[[@LINE-3]]
  // CHECK: is located 0 bytes after 20-byte region {{\[}}[[BEG:0x[0-9a-f]+]],
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-read-8-partial-granule.c:[[@LINE-9]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-read-8-partial-granule.c:[[@LINE-8]]:{{[0-9]+}} in main
  free(p);
  return (int)r;
}
