// A loop that runs at most 15 times per run (n & 15: SCEV knows the bound;
// kept whole by the pragma, as an unrolled loop's remainder is) gets no
// unchecked copy (pass/LoopChecks.cpp, runsFewTimes): its copy
// would cost more code than its checks cost time. Its accesses are checked
// in place, and the off-by-one store is reported exactly: size, address,
// line, after the stores before it have run.
// RUN: env SLEUTH_PASS_OPTIONS=verbose=3 %sleuth_cc -O2 -c %s -o %t.o 2>&1 | FileCheck --check-prefix=PASS %s
// PASS-NOT: range queries: versioned
// PASS: sleuth: loop fill:{{.*}}: checked in place
// PASS-NOT: range queries: versioned
// RUN: %sleuth_cc -O1 %s -o %t1 && env SLEUTH_OPTIONS=halt_on_error=0 not %run %t1 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t2 && env SLEUTH_OPTIONS=halt_on_error=0 not %run %t2 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static void fill(int *p, unsigned n) {
#pragma clang loop unroll(disable) vectorize(disable)
  for (unsigned i = 0; i < (n & 15); i++)
    p[i] = (int)i;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in fill .*}}short-loop-checked-in-place.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after 40-byte region
  // CHECK-NOT: ERROR: Sleuth
  // CHECK: last 9
}

int main(int argc, char **argv) {
  (void)argv;
  int *p = (int *)malloc(10 * sizeof(int));
  fill(p, (unsigned)argc + 10);
  printf("last %d\n", p[9]);
  free(p);
  return 0;
}
