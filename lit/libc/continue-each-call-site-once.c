// With halt_on_error=0, errors found by an interceptor are reported once
// per call site in the program (not once per interceptor): the loop's
// strcpy is reported once, the second strcpy call separately.
// RUN: %sleuth_cc -O0 %s -o %t && env SLEUTH_OPTIONS=halt_on_error=0 not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && env SLEUTH_OPTIONS=halt_on_error=0 not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char text[] = "0123456789";

int main(int argc, char **argv) {
  char *a = (char *)malloc(4), *b = (char *)malloc(4);
  for (int i = 0; i < 3; i++)
    strcpy(a, text);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow
  // CHECK: {{#1 0x[0-9a-f]+ in main .*}}continue-each-call-site-once.c:[[@LINE-2]]
  strcpy(b, text);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow
  // CHECK: {{#1 0x[0-9a-f]+ in main .*}}continue-each-call-site-once.c:[[@LINE-2]]
  // CHECK-NOT: ERROR: Sleuth
  // CHECK: done
  __asm__ volatile("" : : "r"(a), "r"(b) : "memory");
  fprintf(stderr, "done\n");
  free(a), free(b);
  return 0;
}
