// sleuth-run on a program built with sleuth-cc runs it with its own
// runtime, not a second one: one "initialised" line (verbosity=1) and one
// leak report. Preloading libsleuth.so by hand into it re-executes the
// program without it: again one runtime.
// RUN: %sleuth_cc -O1 %s -o %t
// RUN: env SLEUTH_OPTIONS=verbosity=1 not %sleuth_run %t > %t.out 2>&1
// RUN: grep -c "Sleuth .* initialised" %t.out | count 1
// RUN: grep -c "detected memory leaks" %t.out | count 1
// RUN: FileCheck %s < %t.out
// RUN: env SLEUTH_OPTIONS=verbosity=1 LD_PRELOAD=%sleuth_lib not %t > %t.out2 2>&1
// RUN: grep -c "Sleuth .* initialised" %t.out2 | count 1
// RUN: FileCheck %s < %t.out2
#include <stdlib.h>

int main(void) {
  void *volatile p = malloc(21);
  p = 0;
  return 0;
}
// CHECK: Direct leak of 21 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in main {{.*}}instrumented-program.c:16
