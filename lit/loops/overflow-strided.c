// A strided loop (every other element) is covered by one range that also
// holds the elements it skips; going one step too far is still reported as
// the real 4-byte read of the faulting element, by the checked copy.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O3 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) static long even_sum(const int *v, int n) {
  long s = 0;
  for (int i = 0; i <= n; i += 2) // v[n] is one past the end
    s += v[i];
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in even_sum .*}}overflow-strided.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after 96-byte region
  return s;
}

int main(int argc, char **argv) {
  (void)argv;
  int n = argc + 23;
  int *v = (int *)malloc(n * sizeof(int));
  memset(v, 0, n * sizeof(int));
  long s = even_sum(v, n);
  free(v);
  return (int)s;
}
