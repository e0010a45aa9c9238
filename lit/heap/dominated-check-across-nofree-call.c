// A check made again after a call that frees nothing and does not
// synchronise (LLVM infers `nofree nosync` for mix) is dropped: the shadow
// of the bytes the first check passed cannot have changed (pass/
// DominatedChecks.cpp, mayChangeShadow). The overflow is caught at the
// first read, at its line; with halt_on_error=0 the second read of the same
// bytes is not reported again. After a call that may free (release), the
// check stays, and a use after free there is reported at its own line.
// RUN: %sleuth_cc -O1 %s -o %t1 && not %run %t1 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t2 && not %run %t2 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t1 2>&1 | FileCheck %s --check-prefix=CONT
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t2 2>&1 | FileCheck %s --check-prefix=CONT
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t1 free 2>&1 | FileCheck %s --check-prefix=FREED
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t2 free 2>&1 | FileCheck %s --check-prefix=FREED
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static unsigned mix(unsigned x) {
  return (x * 2654435761u) >> 7;
}

__attribute__((noinline)) static void release(int *q) { free(q); }

__attribute__((noinline)) unsigned twice(volatile int *p, long i) {
  unsigned a = (unsigned)p[i];
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in twice .*}}dominated-check-across-nofree-call.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after 16-byte region
  // CONT-COUNT-1: ERROR: Sleuth
  // CONT-NOT: ERROR: Sleuth
  // CONT: result
  unsigned b = mix(a);
  return a + b + (unsigned)p[i];
}

__attribute__((noinline)) unsigned after_free(volatile int *p) {
  unsigned a = (unsigned)p[1];
  release((int *)p);
  return a + (unsigned)p[1];
  // FREED: ERROR: Sleuth: heap-use-after-free on address
  // FREED-NEXT: READ of size 4 at
  // FREED-NEXT: {{#0 0x[0-9a-f]+ in after_free .*}}dominated-check-across-nofree-call.c:[[@LINE-3]]
  // FREED-NOT: ERROR: Sleuth
  // FREED: result
}

int main(int argc, char **argv) {
  int *p = (int *)calloc(4, sizeof(int));
  unsigned r;
  if (argc > 1 && argv[1][0] == 'f') {
    r = after_free(p);
  } else {
    r = twice(p, argc + 3);
    free(p);
  }
  printf("result %u\n", r > 0);
  return 0;
}
