// exitcode sets the status of a process stopped by a report; the default
// is 1.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=exitcode=42 %run %t > %t.out 2>&1; test $? -eq 42
// RUN: FileCheck %s < %t.out
// RUN: %run %t > /dev/null 2>&1; test $? -eq 1
#include <stdlib.h>

int main(int argc, char **argv) {
  char *p = (char *)malloc(4);
  p[argc + 3] = 0;
  __asm__ volatile("" : : "r"(p) : "memory");
  free(p);
  return 0;
}
// CHECK: ERROR: Sleuth: heap-buffer-overflow
// CHECK: ABORTING
