// An inner loop of a matrix kernel runs one column too far: only the inner
// loop is versioned (its range, for each row, is queried before it runs),
// and the report names the 8-byte store of the faulting element at its
// line, in the row where it happens: rows before it have been computed.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O3 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static void scale(double *m, int rows, int cols,
                                            int bad_row) {
  for (int r = 0; r < rows; r++) {
    int end = r == bad_row ? cols : cols - 1; // the bad row goes one too far
    for (int c = 0; c <= end; c++)
      m[r * cols + c] = 2.0 * r + c;
    // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
    // CHECK-NEXT: WRITE of size 8 at [[ADDR]] thread T0
    // CHECK-NEXT: {{#0 0x[0-9a-f]+ in scale .*}}overflow-inner-loop.c:[[@LINE-3]]
    // CHECK: [[ADDR]] is located 0 bytes after 1088-byte region
    // CHECK-NEXT: allocated by thread T0 here:
    // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
    // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-inner-loop.c:[[@LINE+7]]
  }
}

int main(int argc, char **argv) {
  (void)argv;
  int rows = argc + 7, cols = argc + 16; // 8 x 17 doubles
  double *m = (double *)malloc(rows * cols * sizeof(double));
  scale(m, rows, cols, rows - 1);
  printf("corner %f\n", m[rows * cols - 1]);
  free(m);
  return 0;
}
