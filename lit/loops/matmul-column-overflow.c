// Matrix multiply in i-j-k order: the inner loop reads b[k][j] down a
// column, with a row's stride, too sparse for a range query of its own.
// Over the j loop around it the column reads cover b whole, so one range
// query in the j loop's preheader covers them (pass/LoopChecks.cpp,
// emitOuterRangeQuery) and the inner loop is versioned on it. Here b is one
// element short: the query finds its redzone, the inner loop's checked copy
// runs and reports the faulting read itself (8 bytes, b[N-1][N-1], this
// line), after the iterations before it have run.
// At -O1 the nest stays as written on every LLVM (at -O2 LLVM 22 unrolls the j loop whole):
// RUN: env SLEUTH_PASS_OPTIONS=verbose=3 %sleuth_cc -O1 -c %s -o %t.o 2>&1 | FileCheck --check-prefix=PASS %s
// PASS: sleuth: loop mm:{{.*}}: {{[0-9]+}} instructions, [[N:[0-9]+]] accesses, [[N]] covered by range queries: versioned
// RUN: %sleuth_cc -O0 %s -o %t0 && env SLEUTH_OPTIONS=halt_on_error=0 not %run %t0 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t1 && env SLEUTH_OPTIONS=halt_on_error=0 not %run %t1 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t2 && env SLEUTH_OPTIONS=halt_on_error=0 not %run %t2 2>&1 | FileCheck %s
// -O3 may vectorise the j loop: the fault is then in a 16-byte read of b[N-1][N-2..N-1], reported with
// the vector's size (as ASan does; with or without versioning).
// RUN: %sleuth_cc -O3 %s -o %t3 && env SLEUTH_OPTIONS=halt_on_error=0 not %run %t3 2>&1 | FileCheck %s --check-prefix=O3
#include <stdio.h>
#include <stdlib.h>

#define N 24

// The inner trip count n (= N) is not known at compile time, so that no
// optimiser unrolls the k loop whole (and then vectorises the j loop).
__attribute__((noinline)) static void mm(double (*a)[N], double (*b)[N],
                                         double (*c)[N], int n) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double s = 0;
      for (int k = 0; k < n; k++)
        s += a[i][k] * b[k][j];
      // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
      // CHECK-NEXT: READ of size 8 at [[ADDR]] thread T0
      // CHECK-NEXT: {{#0 0x[0-9a-f]+ in mm .*}}matmul-column-overflow.c:[[@LINE-3]]
      // CHECK: [[ADDR]] is located 0 bytes after 4600-byte region
      // O3: READ of size {{8|16}} at {{0x[0-9a-f]+}} thread T0
      // O3-NEXT: {{#0 0x[0-9a-f]+ in mm .*}}matmul-column-overflow.c:[[@LINE-6]]
      c[i][j] = s;
    }
}

int main(int argc, char **argv) {
  (void)argv;
  double(*a)[N] = malloc(sizeof(double[N][N]));
  double(*b)[N] = malloc(sizeof(double[N][N]) - sizeof(double)); // one short
  double(*c)[N] = malloc(sizeof(double[N][N]));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      a[i][j] = i + 2 * j;
      if (i < N - 1 || j < N - 1)
        b[i][j] = i - j;
    }
  mm(a, b, c, argc + N - 1);
  // Every element of c that does not read b[N-1][N-1] is right.
  int bad = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N - 1; j++) {
      double s = 0;
      for (int k = 0; k < N; k++)
        s += (double)(i + 2 * k) * (double)(k - j);
      bad += c[i][j] != s;
    }
  fprintf(stderr, "wrong elements: %d\n", bad);
  // CHECK: wrong elements: 0
  // CHECK-NOT: ERROR
  // O3: wrong elements: 0
  // O3-NOT: ERROR
  free(a);
  free(b);
  free(c);
  return 0;
}
