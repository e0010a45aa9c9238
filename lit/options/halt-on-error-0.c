// halt_on_error=0: the program continues after each report, every distinct
// error site is reported once (the helper's bad read runs three times), and
// the exit status is exitcode because errors were reported.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 %run %t > /dev/null 2>&1; test $? -eq 1
// RUN: env SLEUTH_OPTIONS=halt_on_error=0:exitcode=7 %run %t > /dev/null 2>&1; test $? -eq 7
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) static int get(const char *p, int i) {
  return p[i];
}

int main(int argc, char **argv) {
  char *p = (char *)malloc(8);
  memset(p, 1, 8);
  int sum = 0;
  for (int i = 0; i < 3; i++)
    sum += get(p, argc + 7);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow
  // CHECK-NEXT: READ of size 1
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in get .*}}halt-on-error-0.c:[[@LINE-11]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}halt-on-error-0.c:[[@LINE-12]]
  // CHECK-NOT: ABORTING
  // CHECK-NOT: heap-buffer-overflow
  free(p);
  p[argc] = 2;
  // CHECK: ERROR: Sleuth: heap-use-after-free
  // CHECK-NEXT: WRITE of size 1
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}halt-on-error-0.c:[[@LINE-3]]
  // CHECK: SUMMARY: Sleuth: heap-use-after-free {{.*}}halt-on-error-0.c:[[@LINE-4]]
  // CHECK-NOT: ERROR: Sleuth
  // CHECK-NOT: ABORTING
  // CHECK: main finished
  // CHECK-NOT: ABORTING
  __asm__ volatile("" : : "r"(p) : "memory");
  printf("main finished: %d\n", sum);
  return 0;
}
