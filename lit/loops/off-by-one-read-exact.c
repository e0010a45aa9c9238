// The read twin of off-by-one-write-exact.c: a summing loop reads one
// element past the end; every -O level reports the 4-byte read of v[n] at
// its line. The trip count, 33, leaves the faulting iteration to the scalar
// loop after the vectorised one.
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
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in sum .*}}off-by-one-read-exact.c:[[@LINE-3]]
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}off-by-one-read-exact.c:[[@LINE+14]]
  // CHECK: [[ADDR]] is located 0 bytes after 128-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}off-by-one-read-exact.c:[[@LINE+8]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}off-by-one-read-exact.c:[[@LINE-9]]:{{[0-9]+}} in sum
  return s;
}

int main(int argc, char **argv) {
  (void)argv;
  int n = argc + 31;
  int *v = (int *)malloc(n * sizeof(int));
  memset(v, 1, n * sizeof(int));
  long s = sum(v, n);
  free(v);
  return (int)s;
}
