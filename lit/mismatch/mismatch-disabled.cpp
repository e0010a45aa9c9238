// alloc_dealloc_mismatch=0 turns the malloc/delete report off; the program
// runs to the end.
// RUN: %sleuth_cxx -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=alloc_dealloc_mismatch=0 %run %t 2>&1 | FileCheck %s
// RUN: not %run %t 2>&1 | FileCheck %s --check-prefix=DEFAULT
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int *p = (int *)malloc(sizeof(int));
  asm volatile("" : : "r"(p) : "memory");
  delete p;
  puts("done");
  return 0;
}
// CHECK-NOT: Sleuth
// CHECK: done
// DEFAULT: ERROR: Sleuth: alloc-dealloc-mismatch (malloc vs operator delete)
// DEFAULT-NOT: done
