// A loop with one store and a long computation per iteration: the store's
// check is a small part of the iteration's work, so the loop is not
// versioned (no copy: pass/LoopChecks.cpp, MaxInstsPerHoisted) and its store
// is checked in place. The off-by-one store is still reported exactly: its
// size, address and line, after the iterations before it have run.
// RUN: %sleuth_cc -O2 %s -o %t && env SLEUTH_PASS_OPTIONS=verbose=3 %sleuth_cc -O2 -c %s -o %t.o 2>&1 | FileCheck --check-prefix=PASS %s
// PASS: sleuth: loop mix:{{.*}}: {{[0-9]+}} instructions, 1 accesses, 1 covered by range queries: checked in place
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t1 && env SLEUTH_OPTIONS=halt_on_error=0 not %run %t1 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O3 %s -o %t3 && env SLEUTH_OPTIONS=halt_on_error=0 not %run %t3 2>&1 | FileCheck %s
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static void mix(uint32_t *a, int n, uint32_t seed) {
  for (int i = 0; i <= n; i++) { // off by one
    uint32_t x = seed ^ (uint32_t)i;
    x = (x ^ (x >> 16)) * 0x45d9f3bu;
    x = (x ^ (x >> 13)) * 0x119de1f3u;
    x = (x ^ (x >> 16)) * 0x27d4eb2du;
    x ^= (x << 7) | (x >> 25);
    x = (x ^ (x >> 15)) * 0x2c1b3c6du;
    x = (x ^ (x >> 12)) * 0x297a2d39u;
    x = (x ^ (x >> 15)) * 0x85ebca6bu;
    x ^= (x << 11) | (x >> 21);
    seed = x + (seed << 3) + (seed >> 5);
    a[i] = x;
    // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
    // CHECK-NEXT: WRITE of size 4 at [[ADDR]] thread T0
    // CHECK-NEXT: {{#0 0x[0-9a-f]+ in mix .*}}off-by-one-big-body.c:[[@LINE-3]]
    // CHECK: [[ADDR]] is located 0 bytes after 40-byte region
  }
}

int main(int argc, char **argv) {
  (void)argv;
  int n = argc + 9;
  uint32_t *a = (uint32_t *)malloc(n * sizeof *a);
  mix(a, n, 12345u);
  // The ten elements before the faulting store were written, as unchecked.
  uint32_t *b = (uint32_t *)malloc((n + 1) * sizeof *b);
  mix(b, n, 12345u); // b has room for n + 1: no report
  int same = 1;
  for (int i = 0; i < n; i++)
    same &= a[i] == b[i];
  fprintf(stderr, "same %d\n", same);
  // CHECK: same 1
  // CHECK-NOT: ERROR
  free(a);
  free(b);
  return 0;
}
