// Block-scoped arrays in loops, switch cases, goto out of scopes and
// re-entered scopes, big scoped buffers: no use-after-scope false reports.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1 %run %t 2>&1 | FileCheck %s
// CHECK-NOT: ERROR
// CHECK: done
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) static void fill(char *p, size_t n, int v) {
  memset(p, v, n);
}

__attribute__((noinline)) static long work(int n) {
  long sum = 0;
  for (int i = 0; i < n; i++) {
    char row[40];
    fill(row, sizeof row, i);
    sum += row[39];
    if (i % 3 == 0) {
      char big[100000];
      fill(big, sizeof big, 1);
      sum += big[99999];
    }
  }
  switch (n % 4) {
  case 1: {
    char c1[10];
    fill(c1, sizeof c1, 2);
    sum += c1[9];
  } // fallthrough
  case 2: {
    char c2[20];
    fill(c2, sizeof c2, 3);
    sum += c2[19];
    break;
  }
  default:
    break;
  }
  int k = 0;
again: {
  char g[16];
  fill(g, sizeof g, k);
  sum += g[15];
  if (++k < 3)
    goto again;
}
  return sum;
}

int main(int argc, char **argv) {
  (void)argv;
  printf("%ld done\n", work(argc + 8));
  return 0;
}
