// Correct loops of many shapes, versioned at -O1 and above: each result,
// with the values the loops carry out (LCSSA phis fed by both copies), is
// compared with the same computation in a loop the pass leaves alone (an
// empty asm statement counts as a call; Inputs/kernels.h holds both).
// Nothing may be reported and every result must match.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O3 %s -o %t && %run %t 2>&1 | FileCheck %s
// CHECK-NOT: ERROR
#include <stdio.h>
#include <stdlib.h>

#define KERNEL __attribute__((noinline)) static

struct pair {
  int a, b;
};

#define NAME(x) x##_fast
#define STEP()
#include "Inputs/kernels.h"
#undef NAME
#undef STEP
#define NAME(x) x##_ref
#define STEP() __asm__ volatile("")
#include "Inputs/kernels.h"

#define COMPARE(name, fast, slow) \
  printf("%s: %s\n", name, (fast) == (slow) ? "same" : "DIFFERENT")

int main(int argc, char **argv) {
  (void)argv;
  int n = argc + 40;
  float *y1 = malloc(n * sizeof(float)), *y2 = malloc(n * sizeof(float));
  float *x = malloc(n * sizeof(float));
  int *i1 = malloc(n * sizeof(int)), *i2 = malloc(n * sizeof(int));
  int *in = malloc(n * sizeof(int));
  long *acc = malloc(sizeof(long));
  short *sv = malloc(n * sizeof(short));
  struct pair *p1 = malloc(n * sizeof(struct pair));
  struct pair *p2 = malloc(n * sizeof(struct pair));
  unsigned char *b1 = malloc(n), *b2 = malloc(n);
  for (int i = 0; i < n; i++) {
    y1[i] = y2[i] = (float)i;
    x[i] = (float)(n - i);
    in[i] = i * i - 7;
    i1[i] = i2[i] = 3 * i;
    sv[i] = (short)(i - 20);
    p1[i].a = p2[i].a = 0;
    p1[i].b = p2[i].b = i * 5;
    b1[i] = b2[i] = (unsigned char)(i * 7);
  }
  COMPARE("saxpy", saxpy_fast(y1, x, n, 2.5f), saxpy_ref(y2, x, n, 2.5f));
  // CHECK: saxpy: same
  COMPARE("stencil", stencil_fast(i1, in, n), stencil_ref(i2, in, n));
  // CHECK: stencil: same
  COMPARE("reverse", reverse_fast(i1, in, n), reverse_ref(i2, in, n));
  // CHECK: reverse: same
  *acc = 1;
  long a1 = accumulate_fast(acc, sv, n);
  *acc = 1;
  COMPARE("accumulate", a1, accumulate_ref(acc, sv, n));
  // CHECK: accumulate: same
  COMPARE("pairs", pairs_fast(p1, n), pairs_ref(p2, n));
  // CHECK: pairs: same
  COMPARE("strided", strided_fast(i1, n), strided_ref(i2, n));
  // CHECK: strided: same
  int m = argc + 11;
  double *ma = malloc(m * m * sizeof(double));
  double *mb = malloc(m * m * sizeof(double));
  double *mc = malloc(m * m * sizeof(double));
  for (int i = 0; i < m * m; i++) {
    ma[i] = i % 7;
    mb[i] = i % 5 - 2;
  }
  COMPARE("matmul", matmul_fast(mc, ma, mb, m), matmul_ref(mc, ma, mb, m));
  // CHECK: matmul: same
  double(*ca)[16] = malloc(sizeof(double[16][16]));
  double(*cb)[16] = malloc(sizeof(double[16][16]));
  double(*cc)[16] = malloc(sizeof(double[16][16]));
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++) {
      ca[i][j] = (i * 16 + j) % 7;
      cb[i][j] = (i * 16 + j) % 5 - 2;
    }
  COMPARE("matmul_cols", matmul_cols_fast(cc, ca, cb),
          matmul_cols_ref(cc, ca, cb));
  // CHECK: matmul_cols: same
  COMPARE("two_loops", two_loops_fast(i1, n), two_loops_ref(i2, n));
  // CHECK: two_loops: same
  COMPARE("bytes", bytes_fast(b1, n), bytes_ref(b2, n));
  // CHECK: bytes: same
  int same = 1;
  for (int i = 0; i < n; i++)
    same &= y1[i] == y2[i] && i1[i] == i2[i] && p1[i].a == p2[i].a &&
            b1[i] == b2[i];
  printf("arrays: %s\n", same ? "same" : "DIFFERENT");
  // CHECK: arrays: same
  free(y1), free(y2), free(x), free(i1), free(i2), free(in), free(acc);
  free(sv), free(p1), free(p2), free(b1), free(b2), free(ma), free(mb);
  free(mc);
  free(ca);
  free(cb);
  free(cc);
  return 0;
}
