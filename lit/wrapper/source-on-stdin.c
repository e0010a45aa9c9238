// RUN: echo 'int main(void){return 0;}' | %sleuth_cc -x c - -o %t.min
// RUN: %t.min
// RUN: cat %s | %sleuth_cc -O1 -Werror -xc - -lm -o %t 2>&1 | count 0
// RUN: %t | FileCheck %s --check-prefix=CLEAN
// RUN: not %t overflow 2>&1 | FileCheck %s
// RUN: printf 'int main(){ int *p = new int[2]; delete[] p; return 0; }\n' | %sleuth_cxx -x c++ - -o %t.cxx
// RUN: %t.cxx
// RUN: %sleuth_cc -c %s -o %t.o && %sleuth_cc -x c %s -DSECOND_MAIN -x none %t.o -o %t.none
// RUN: SLEUTH_OPTIONS=help=1 %t.none | FileCheck %s --check-prefix=RUNTIME
// A configure-style probe: does <math.h> give us lround? (-Werror, link, run)
// RUN: printf '#include <math.h>\nint main(void){ return (int)lround(0.4); }\n' | %sleuth_cc -Werror -x c - -lm -o %t.probe && %t.probe
// RUN: %sleuth_cc -Werror -x c -c /dev/null -o %t.null.o
// RUN: echo '__SLEUTH__' | %sleuth_cc -E -P -x c - | FileCheck %s --check-prefix=MACRO
// CLEAN: sum 10
// RUNTIME: Sleuth runtime options
// MACRO: 1
#ifndef SECOND_MAIN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  int *a = malloc(4 * sizeof *a);
  int n = argc > 1 && strcmp(argv[1], "overflow") == 0 ? 5 : 4;
  for (int i = 0; i < 3; i++)
    a[i] = i + 1;
  a[n - 1] = n;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow
  // CHECK-NEXT: WRITE of size 4
  // CHECK-NEXT: {{#0 .* in main .*}}<stdin>:[[@LINE-3]]
  // CHECK: is located 0 bytes after 16-byte region
  // CHECK: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 .* in malloc}}
  // CHECK-NEXT: {{#1 .* in main .*}}<stdin>:[[@LINE-11]]
  printf("sum %d\n", a[0] + a[1] + a[2] + a[3]);
  free(a);
  return 0;
}
#endif
// Source on stdin (`-x c -`, as build scripts' feature probes pass it):
// the program is built and instrumented, the runtime archive that
// sleuth-cc appends is not compiled as C (a -x stays in effect until the
// next -x); -xc in the middle of the line, C++, and a user's own -x none.
