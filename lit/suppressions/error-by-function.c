// An error rule (<kind>:PATTERN) matching a function of the error's stack
// suppresses that report: nothing is printed, the program continues and
// the exit status stays 0; an error of another kind or site is still
// reported. The suppressed count is printed at exit.
// RUN: printf 'heap-buffer-overflow:fill_*\n' > %t.supp
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=suppressions=%t.supp %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=suppressions=%t.supp:halt_on_error=0 %run %t 2>&1 | FileCheck %s
// RUN: not env SLEUTH_OPTIONS=suppressions=%t.supp:halt_on_error=0 %run %t other 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: env SLEUTH_OPTIONS=suppressions=%t.supp:halt_on_error=0 %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void fill_buffer(char *p, int n) {
  for (int i = 0; i <= n; i++) // one past the end
    p[i] = (char)i;
}

__attribute__((noinline)) void write_other(char *p, int n) { p[n] = 1; }

int main(int argc, char **argv) {
  char *p = malloc(16);
  fill_buffer(p, 16);
  fill_buffer(p, 16);
  if (argc > 1)
    write_other(p, 16);
  fprintf(stderr, "main continued\n");
  free(p);
  return 0;
}
// CHECK-NOT: ERROR: Sleuth
// CHECK: main continued
// CHECK-NOT: ERROR: Sleuth
// CHECK: Sleuth: suppressed: {{[12]}} error report(s)
// OTHER-NOT: in fill_buffer
// OTHER: ERROR: Sleuth: heap-buffer-overflow
// OTHER: in write_other
// OTHER: main continued
// OTHER: Sleuth: suppressed: {{[12]}} error report(s)
