// halt_on_error=0 after allocator errors: a double-free, a bad-free and a
// free of an interior pointer are each reported once and ignored; the
// allocator keeps working (no crash, no corrupted blocks) afterwards.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  // Unrolled, the loop would have one call site per copy: distinct sites.
#pragma clang loop unroll(disable)
  for (int i = 0; i < 3; i++) {
    char *p = (char *)malloc(32);
    __asm__ volatile("" : "+r"(p) : : "memory");
    free(p);
    free(p); // double
    char *q = (char *)malloc(64);
    __asm__ volatile("" : "+r"(q) : : "memory");
    free(q + 16); // interior
    free(q);
  }
  int corrupted = 0;
  char *keep[100] = {0};
  for (int i = 0; i < 100000; i++) {
    int k = i % 100;
    if (keep[k]) {
      corrupted |= keep[k][0] != (char)k;
      free(keep[k]);
    }
    keep[k] = (char *)malloc(1 + i % 500);
    memset(keep[k], k, 1 + i % 500);
  }
  for (int k = 0; k < 100; k++)
    free(keep[k]);
  printf("allocator still works: %s\n", corrupted ? "no" : "yes");
  return 0;
}
// CHECK: ERROR: Sleuth: double-free
// CHECK: {{#1 0x[0-9a-f]+ in main .*}}halt-on-error-0-allocator-errors.c:[[@LINE-23]]
// CHECK-NOT: ERROR: Sleuth: double-free
// CHECK: ERROR: Sleuth: bad-free
// CHECK: {{#1 0x[0-9a-f]+ in main .*}}halt-on-error-0-allocator-errors.c:[[@LINE-23]]
// CHECK-NOT: ERROR: Sleuth
// CHECK: allocator still works: yes
