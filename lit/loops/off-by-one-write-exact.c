// An off-by-one loop writes one element past the end of its block. At -O1
// and above the loop is versioned: a range query before it finds the
// overflow and sends it to its checked copy, so the report names the real
// faulting store (4 bytes, at a[n], this line), exactly as at -O0. The
// trip count (n + 1 = 17) leaves the faulting iteration to the scalar loop
// after the vectorised one at -O2/-O3 (a store of the vector loop would be
// reported with the vector's size, as ASan does).
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O3 %s -o %t && not %run %t 2>&1 | FileCheck %s
// -Os: no versioning (loops are not duplicated), the store is checked in place.
// RUN: %sleuth_cc -Os %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static void fill(int *a, int n) {
  for (int i = 0; i <= n; i++) // off by one
    a[i] = 3 * i + 1;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in fill .*}}off-by-one-write-exact.c:[[@LINE-3]]
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}off-by-one-write-exact.c:[[@LINE+13]]
  // CHECK: [[ADDR]] is located 0 bytes after 64-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}off-by-one-write-exact.c:[[@LINE+8]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}off-by-one-write-exact.c:[[@LINE-9]]:{{[0-9]+}} in fill
  // CHECK-NOT: last
}

int main(int argc, char **argv) {
  (void)argv;
  int n = argc + 15;
  int *a = (int *)malloc(n * sizeof(int));
  fill(a, n);
  printf("last %d\n", a[n - 1]);
  free(a);
  return 0;
}
