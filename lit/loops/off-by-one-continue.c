// halt_on_error=0: the versioned loop's checked copy reports the faulting
// store when it happens, so the iterations before it have run by then (the
// program's __asan_on_error, called at the report, sees them written), and
// after the report the loop finishes as an unchecked run would: its results
// (a value carried out of the loop, the array) are those of a correct run.
// RUN: %sleuth_cc -O0 %s -o %t0
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t0 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t1
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t1 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t2
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t2 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O3 %s -o %t3
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t3 2>&1 | FileCheck %s
#include <sanitizer/asan_interface.h>
#include <stdio.h>
#include <stdlib.h>

static int *volatile block;
static volatile int elements;

// Called by the runtime as the report begins.
void __asan_on_error(void) {
  int written = 0;
  for (int i = 0; i < elements; i++)
    written += block[i] == 3 * i + 1;
  fprintf(stderr, "at the report: %d of %d elements written\n", written,
          elements);
}

__attribute__((noinline)) static long fill(int *a, int n) {
  long sum = 0;
  int i;
  for (i = 0; i <= n; i++) { // off by one
    a[i] = 3 * i + 1;
    sum += i;
  }
  return sum + i; // i and sum come out of whichever copy ran
}

int main(int argc, char **argv) {
  (void)argv;
  int n = argc + 15;
  int *a = (int *)calloc(n, sizeof(int));
  block = a;
  elements = n;
  long got = fill(a, n);
  // CHECK: at the report: 16 of 16 elements written
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address
  // CHECK-NEXT: WRITE of size 4 at
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in fill .*}}off-by-one-continue.c:[[@LINE-16]]
  long want = (long)n * (n + 1) / 2 + n + 1;
  int ok = 1;
  for (int i = 0; i < n; i++)
    ok &= a[i] == 3 * i + 1;
  printf("after the loop: result %s, array %s\n",
         got == want ? "right" : "wrong", ok ? "right" : "wrong");
  // CHECK: after the loop: result right, array right
  free(a);
  return 0;
}
