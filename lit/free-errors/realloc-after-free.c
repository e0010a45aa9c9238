// realloc of a block that was already freed is a double-free (the first
// free is shown), not a silent reuse.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  char *p = (char *)malloc(10);
  __asm__ volatile("" : : "r"(p) : "memory");
  free(p);
  p = (char *)realloc(p, 20);
  // CHECK: ERROR: Sleuth: double-free: attempting double-free on [[ADDR:0x[0-9a-f]+]] in thread T0:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in realloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}realloc-after-free.c:[[@LINE-3]]
  // CHECK: freed by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in free}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}realloc-after-free.c:[[@LINE-7]]
  // CHECK: SUMMARY: Sleuth: double-free {{.*}}realloc-after-free.c:[[@LINE-7]]:{{[0-9]+}} in main
  printf("%p\n", (void *)p);
  return 0;
}
