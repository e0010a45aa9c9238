// Uninstrumented program under sleuth-run: free of a pointer into the
// middle of a block is a bad-free, validated before any header is read.
// RUN: %clang -O2 -g -fomit-frame-pointer %s -o %t
// RUN: not %sleuth_run %t 2>&1 | FileCheck %s
#include <stdlib.h>

int main(void) {
  char *volatile p = malloc(64);
  free(p + 8);
  return 0;
}
// CHECK: ERROR: Sleuth: bad-free: attempting free on address which was not malloc()-ed: {{0x[0-9a-f]+}} in thread T0
// CHECK-NEXT: #0 {{.*}} in free
// CHECK-NEXT: #1 {{.*}} in main {{.*}}bad-free.c:9
// CHECK: is located 8 bytes inside of 64-byte region
// CHECK: SUMMARY: Sleuth: bad-free {{.*}}bad-free.c:9
