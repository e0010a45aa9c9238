// A range query whose bounds do not change in the loops around the inner
// loop is asked once, in the preheader of the outermost call-free one
// (LoopChecks.cpp, queryPoint). Still exact:
//  - rows: each row's query leaves the j loop; the off-by-one k <= n reads
//    the next row's first element, harmless until the last row, whose read
//    past the block is reported as the 8-byte read at its line after every
//    earlier row has been summed;
//  - free: a call in the j loop (the row freed after a few passes) keeps
//    the query in the inner loop's own preheader, so the next pass over the
//    freed row is reported as a use after free.
// At -O2 LLVM itself leaves the read past the end without a line (clang
// -fsanitize=address reports it without one too), so only -O1 checks it.
// RUN: %sleuth_cc -O1 %s -o %t
// RUN: not %run %t rows 2>&1 | FileCheck %s --check-prefixes=ROWS,LINE
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t rows 2>&1 | FileCheck %s --check-prefix=RECOVER
// RUN: not %run %t free 2>&1 | FileCheck %s --check-prefix=FREE
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: not %run %t rows 2>&1 | FileCheck %s --check-prefix=ROWS
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t rows 2>&1 | FileCheck %s --check-prefix=RECOVER
// RUN: not %run %t free 2>&1 | FileCheck %s --check-prefix=FREE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rows_done;
static volatile double sink;

__attribute__((noinline)) static double sum_rows(const double *a, int m,
                                                 int n, int passes) {
  double s = 0;
  for (int i = 0; i < m; i++) {
    for (int j = 0; j < passes; j++)
      for (int k = 0; k <= n; k++) // off by one
        s += a[i * n + k];
    // ROWS: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
    // ROWS-NEXT: READ of size 8 at [[ADDR]] thread T0
    // ROWS-NEXT: {{#0 0x[0-9a-f]+ in sum_rows .*}}query-hoisted-out-of-nest.c
    // LINE-SAME: :[[@LINE-4]]
    // ROWS: [[ADDR]] is located 0 bytes after 1600-byte region
    // ROWS-NEXT: allocated by thread T0 here:
    // ROWS-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
    // ROWS-NEXT: {{#1 0x[0-9a-f]+ in main .*}}query-hoisted-out-of-nest.c:[[@LINE+34]]
    rows_done = i + 1;
  }
  return s;
}

__attribute__((noinline)) static double sum_then_free(double *row, int n,
                                                      int passes) {
  double s = 0;
  for (int j = 0; j < passes; j++) {
    for (int k = 0; k < n; k++)
      s += row[k];
    // FREE: ERROR: Sleuth: heap-use-after-free on address {{0x[0-9a-f]+}} at pc
    // FREE-NEXT: READ of size 8 at {{0x[0-9a-f]+}} thread T0
    // FREE-NEXT: {{#0 0x[0-9a-f]+ in sum_then_free .*}}query-hoisted-out-of-nest.c:[[@LINE-3]]
    // FREE: freed by thread T0 here:
    // FREE-NEXT: {{#0 0x[0-9a-f]+ in free}}
    // FREE-NEXT: {{#1 0x[0-9a-f]+ in sum_then_free .*}}query-hoisted-out-of-nest.c:[[@LINE+3]]
    // FREE: previously allocated by thread T0 here:
    if (j == 2)
      free(row);
  }
  return s;
}

int main(int argc, char **argv) {
  int m = 10, n = 20;
  if (argc > 1 && !strcmp(argv[1], "free")) {
    double *row = malloc(n * sizeof(double));
    for (int k = 0; k < n; k++)
      row[k] = k;
    printf("%f\n", sum_then_free(row, n, 5));
    return 0;
  }
  double *a = malloc(m * n * sizeof(double));
  for (int i = 0; i < m * n; i++)
    a[i] = 1;
  sink = sum_rows(a, m, n, argc + 2);
  // Under halt_on_error=0 the program goes on: every row was summed, the
  // last one with the read past the end included (it reads 0 or junk, so
  // only the count is printed).
  // RECOVER: ERROR: Sleuth: heap-buffer-overflow
  // RECOVER: rows summed: 10
  fprintf(stderr, "rows summed: %d\n", rows_done);
  free(a);
  return 0;
}
