// verify=1 (the default): when a stack rewrite leaves a function invalid
// (forced here with the test knob test_break_stack=1), the function's body
// is put back from the copy taken before the rewrite. The build succeeds,
// the function keeps its access checks (a heap overflow in it is still
// reported) and only loses its stack redzones; verbose=1 says so.
// RUN: env SLEUTH_PASS_OPTIONS=test_break_stack=1:verbose=1 %sleuth_cc -O0 %s -o %t0 2>&1 | FileCheck %s --check-prefix=BUILD
// RUN: env SLEUTH_PASS_OPTIONS=test_break_stack=1:verbose=1 %sleuth_cc -O2 %s -o %t2 2>&1 | FileCheck %s --check-prefix=BUILD
// BUILD: sleuth: fill: stack redzones produced invalid IR; the function is checked without stack redzones
// RUN: %run %t0 | FileCheck %s --check-prefix=CLEAN
// RUN: %run %t2 | FileCheck %s --check-prefix=CLEAN
// CLEAN: sum 10
// RUN: not %run %t0 4 2>&1 | FileCheck %s
// RUN: not %run %t2 4 2>&1 | FileCheck %s
// Without verify the broken function would reach the code generator:
// RUN: env SLEUTH_PASS_OPTIONS=test_break_stack=1:verify=0 not %sleuth_cc -O0 -c %s -o %t.o
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) int fill(int *heap, int i) {
  int local[4];
  for (int k = 0; k < 4; ++k)
    local[k] = k + 1;
  heap[i] = local[i % 4];
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address
  // CHECK-NEXT: WRITE of size 4 at
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in fill .*}}verify-restores-function.c:[[@LINE-3]]
  return local[0] + local[1] + local[2] + local[3];
}

int main(int argc, char **argv) {
  int *heap = malloc(4 * sizeof(int));
  int i = argc > 1 ? atoi(argv[1]) : 0;
  printf("sum %d\n", fill(heap, i));
  free(heap);
  return 0;
}
