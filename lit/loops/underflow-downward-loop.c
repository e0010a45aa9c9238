// A loop running downwards one element too far writes before its block:
// the versioned loop's range query covers negative strides too, and the
// checked copy reports the 8-byte store of a[-1] at its line.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O3 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static void clear(long *a, int n) {
  for (int i = n - 1; i >= -1; i--) // one too far
    a[i] = i;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 8 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in clear .*}}underflow-downward-loop.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 8 bytes before 136-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}underflow-downward-loop.c:[[@LINE+6]]
}

int main(int argc, char **argv) {
  (void)argv;
  int n = argc + 16;
  long *a = (long *)malloc(n * sizeof(long));
  clear(a, n);
  printf("first %ld\n", a[0]);
  free(a);
  return 0;
}
