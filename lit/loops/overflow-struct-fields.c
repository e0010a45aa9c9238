// A loop writing one field of each element and reading another: the store
// and the load share one range (the query does not care which is which).
// One element too far, the checked copy reports the first bad access of
// the faulting iteration, the 4-byte store to p[n].a.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O3 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>

struct pair {
  int a, b;
};

__attribute__((noinline)) static long update(struct pair *p, int n) {
  long s = 0;
  for (int i = 0; i <= n; i++) { // one element too far
    p[i].a = i;
    s += p[i].b;
  }
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in update .*}}overflow-struct-fields.c:[[@LINE-5]]
  // CHECK: [[ADDR]] is located 0 bytes after 128-byte region
  return s;
}

int main(int argc, char **argv) {
  (void)argv;
  int n = argc + 15;
  struct pair *p = (struct pair *)calloc(n, sizeof(struct pair));
  long s = update(p, n);
  free(p);
  return (int)s;
}
