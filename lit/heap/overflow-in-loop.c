// An off-by-one loop reads one element past the end of the block. At -O1
// and above the loop is versioned (pass/LoopChecks.cpp): its checked copy
// reports the read of v[n] itself, with its size, at every -O level (the
// trip count, 17, leaves it to the scalar loop after the vectorised one).
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O3 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) static long sum(const int *v, int n) {
  long s = 0;
  for (int i = 0; i <= n; i++) // off by one
    s += v[i];
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address 0x{{[0-9a-f]+}} at pc
  // CHECK-NEXT: READ of size 4 at 0x{{[0-9a-f]+}} thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in sum .*}}overflow-in-loop.c:[[@LINE-3]]
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-in-loop.c:[[@LINE+13]]
  // CHECK: is located 0 bytes after 64-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-in-loop.c:[[@LINE+7]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-in-loop.c:[[@LINE-9]]:{{[0-9]+}} in sum
  return s;
}

int main(int argc, char **argv) {
  int n = argc + 15;
  int *v = (int *)malloc(n * sizeof(int));
  memset(v, 1, n * sizeof(int));
  long s = sum(v, n);
  free(v);
  return (int)s;
}
