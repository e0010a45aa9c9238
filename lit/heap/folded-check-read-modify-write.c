// A store to the bytes a load in the same block just read, with no call
// between, has no test of its own on the fast path: it is checked on the
// load's slow path only (pass/AccessInstrumenter.cpp, instrumentAll's
// folding). Both errors are still reported, each with its own kind, size
// and line: READ at the load, then (halt_on_error=0) WRITE at the store.
// RUN: %sleuth_cc -O1 %s -o %t1 && not %run %t1 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t2 && not %run %t2 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t1 2>&1 | FileCheck %s --check-prefixes=CHECK,CONT
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t2 2>&1 | FileCheck %s --check-prefixes=CHECK,CONT
#include <stdio.h>
#include <stdlib.h>

struct counter {
  long hits;
  unsigned flags;
};

__attribute__((noinline)) void bump(struct counter *c, long i) {
  unsigned f = c[i].flags;
  c[i].flags = f | 4;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in bump .*}}folded-check-read-modify-write.c:[[@LINE-4]]
  // CHECK: is located {{[0-9]+}} bytes after 32-byte region
  // CONT: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR]] at pc
  // CONT-NEXT: WRITE of size 4 at [[ADDR]] thread T0
  // CONT-NEXT: {{#0 0x[0-9a-f]+ in bump .*}}folded-check-read-modify-write.c:[[@LINE-7]]
  // CONT-NOT: ERROR: Sleuth
  // CONT: bumped
}

int main(int argc, char **argv) {
  (void)argv;
  struct counter *c = (struct counter *)calloc(2, sizeof(struct counter));
  bump(c, argc + 1);
  __asm__ volatile("" : : "r"(c) : "memory"); // keeps the stores (LLVM 22)
  printf("bumped\n");
  free(c);
  return 0;
}
