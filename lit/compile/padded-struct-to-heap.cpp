// A struct with padding built from another one and copied to the heap
// (`Out o = {in, 7}; keep = new Out(o);`): at -O1 and above the optimiser
// splits `o` and leaves fragment debug declarations, which the stack layout
// must rewrite without crashing. The program runs silently at -O0..-O3;
// reading past the heap copy is reported with its allocation stack.
// RUN: %sleuth_cxx -O0 %s -o %t0 && %run %t0 | FileCheck %s --check-prefix=CLEAN
// RUN: %sleuth_cxx -O1 %s -o %t1 && %run %t1 | FileCheck %s --check-prefix=CLEAN
// RUN: %sleuth_cxx -O2 %s -o %t2 && %run %t2 | FileCheck %s --check-prefix=CLEAN
// RUN: %sleuth_cxx -O3 %s -o %t3 && %run %t3 | FileCheck %s --check-prefix=CLEAN
// RUN: not %run %t2 over 2>&1 | FileCheck %s
// CLEAN: c=x l=42 s=9 n=7
#include <cstdio>

struct In {
  char c;
  long l;
  short s;
};
struct Out {
  In in;
  int n;
};
Out *keep;

void make(In in);

int main(int argc, char **) {
  make(In{'x', 42, 9});
  if (argc > 1) {
    volatile int *p = &keep->n;
    // CHECK: ERROR: Sleuth: heap-buffer-overflow on address
    // CHECK-NEXT: READ of size 4 at
    // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}padded-struct-to-heap.cpp:[[@LINE+1]]
    std::printf("%d\n", p[2]);
  }
  std::printf("c=%c l=%ld s=%d n=%d\n", keep->in.c, keep->in.l, keep->in.s,
              keep->n);
  delete keep;
  return 0;
}

__attribute__((noinline)) void make(In in) {
  Out o = {in, 7};
  keep = new Out(o);
  // CHECK: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator new}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in make\(In\) .*}}padded-struct-to-heap.cpp:[[@LINE-3]]
}
