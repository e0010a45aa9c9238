// Kernels of clean-versioned-loops.c, included twice: NAME(x) names this
// copy's functions, STEP() is nothing (the pass versions the loops) or an
// empty asm statement (a call: the loops keep their checks in place).

// y += k * x; returns the last y and the count carried out of the loop.
KERNEL long NAME(saxpy)(float *y, const float *x, int n, float k) {
  int i;
  for (i = 0; i < n; i++) {
    STEP();
    y[i] += k * x[i];
  }
  return (long)y[n - 1] + i;
}

// Neighbours of a stencil: three loads a constant distance apart.
KERNEL long NAME(stencil)(int *out, const int *in, int n) {
  long s = 0;
  for (int i = 1; i < n - 1; i++) {
    STEP();
    out[i] = in[i - 1] + 2 * in[i] + in[i + 1];
    s += out[i];
  }
  return s;
}

// Downwards, with the index carried out.
KERNEL long NAME(reverse)(int *dst, const int *src, int n) {
  int i;
  for (i = n - 1; i >= 0; i--) {
    STEP();
    dst[n - 1 - i] = src[i];
  }
  return i + dst[0];
}

// A loop-invariant address, read and written every iteration.
KERNEL long NAME(accumulate)(long *acc, const short *v, int n) {
  for (int i = 0; i < n; i++) {
    STEP();
    *acc += v[i] * 3;
  }
  return *acc;
}

// Both fields of each element: one gap-free range.
KERNEL long NAME(pairs)(struct pair *p, int n) {
  long s = 0;
  for (int i = 0; i < n; i++) {
    STEP();
    p[i].a = i;
    s += p[i].b;
  }
  return s;
}

// Every other element: not dense, checked in place in both copies.
KERNEL long NAME(strided)(int *v, int n) {
  long s = 0;
  for (int i = 0; i < n; i += 2) {
    STEP();
    s += v[i];
    v[i] = (int)s;
  }
  return s;
}

// Inner loops versioned in every row; the outer loop uses what they carry.
KERNEL long NAME(matmul)(double *c, const double *a, const double *b, int n) {
  double last = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 0; k < n; k++) {
        STEP();
        s += a[i * n + k] * b[k * n + j];
      }
      c[i * n + j] = s;
      last = s;
    }
  return (long)last;
}

// Column reads with a constant row stride, b[k][j] under the j loop (which
// starts at 1: the j loop's range query covers them all, a few bytes more).
KERNEL long NAME(matmul_cols)(double (*c)[16], double (*a)[16],
                              double (*b)[16]) {
  double sum = 0;
  for (int i = 0; i < 16; i++)
    for (int j = 1; j < 16; j++) {
      double s = 0;
      for (int k = 0; k < 16; k++) {
        STEP();
        s += a[i][k] * b[k][j];
      }
      c[i][j] = s;
      sum += s * (i + j);
    }
  return (long)sum;
}

// Two loops in a row: the second starts where the first stopped.
KERNEL long NAME(two_loops)(int *v, int n) {
  int i;
  for (i = 0; i < n / 2; i++) {
    STEP();
    v[i] = i;
  }
  for (; i < n; i++) {
    STEP();
    v[i] = v[i - 1] + 1;
  }
  return v[n - 1] + i;
}

// Bytes, with a conditional store that does not run every iteration.
KERNEL long NAME(bytes)(unsigned char *s, int n) {
  long count = 0;
  for (int i = 0; i < n; i++) {
    STEP();
    if (s[i] & 1) {
      s[i] = 0;
      count++;
    }
  }
  return count;
}

