// allocator_may_return_null=1 lets nothrow new return NULL, but a throwing
// operator new must never return NULL: callers (and the optimizer) assume
// its result is non-null. It must report (as ASan does) or throw.
// RUN: %sleuth_cxx -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=allocator_may_return_null=1 %run %t > %t.out 2>&1; FileCheck %s < %t.out
#include <stdio.h>
#include <new>

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0); // the report ends the process: no flush
  size_t n = ((size_t)argc << 41) + 1;
  char *p = new (std::nothrow) char[n];
  printf("nothrow new: %s\n", p ? "not NULL" : "NULL");
  try {
    char *q = new char[n];
    printf("throwing new returned %p\n", (void *)q);
  } catch (std::bad_alloc &) {
    puts("caught std::bad_alloc");
  }
  return 0;
}
// CHECK: nothrow new: NULL
// CHECK-NOT: throwing new returned
// CHECK: {{ERROR: Sleuth: allocation-size-too-big|caught std::bad_alloc}}
