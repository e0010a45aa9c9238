// ASan's (LLVM 20+) alloc_dealloc_mismatch: kind, matched as ASan does
// against the functions of the deallocation stack (checked against
// clang-22 -fsanitize=address): a rule naming the freeing function or its
// caller silences the report; one naming only the allocating function
// does not.
// RUN: %sleuth_cxx -O0 %s -o %t
// RUN: printf 'alloc_dealloc_mismatch:release_it\n' > %t.1
// RUN: env SLEUTH_OPTIONS=suppressions=%t.1 %run %t 2>&1 | FileCheck %s --check-prefix=SUPP
// RUN: printf 'alloc_dealloc_mismatch:^main$\n' > %t.2
// RUN: env SLEUTH_OPTIONS=suppressions=%t.2 %run %t 2>&1 | FileCheck %s --check-prefix=SUPP
// RUN: printf 'alloc_dealloc_mismatch:make_it\n' > %t.3
// RUN: not env SLEUTH_OPTIONS=suppressions=%t.3 %run %t 2>&1 | FileCheck %s
// The clean twin prints nothing.
// RUN: %sleuth_cxx -O0 -DCLEAN %s -o %t.clean
// RUN: env SLEUTH_OPTIONS=suppressions=%t.3 %run %t.clean 2>&1 | count 0
#include <stdlib.h>

__attribute__((noinline)) void release_it(int *p) {
#ifdef CLEAN
  delete[] p;
#else
  free(p); // mismatch: new[] then free
#endif
}

__attribute__((noinline)) int *make_it() { return new int[3]; }

int main() {
  release_it(make_it());
  return 0;
}
// SUPP-NOT: ERROR
// SUPP: Sleuth: suppressed: 1 error report(s)

// CHECK: ERROR: Sleuth: alloc-dealloc-mismatch (operator new [] vs free) on {{0x[0-9a-f]+}}
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in free}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in release_it\(int\*\) .*}}alloc-dealloc-mismatch.cpp:22
// CHECK: allocated by thread T0 here:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator new\[\]}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in make_it\(\) .*}}alloc-dealloc-mismatch.cpp:26
