// The bad access is in a function that main calls: frame #0 is that
// function at the access, frame #1 main at the call.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) static int element(const int *v, int i) {
  return v[i];
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in element .*}}overflow-in-helper.c:[[@LINE-3]]
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-in-helper.c:[[@LINE+12]]
  // CHECK: [[ADDR]] is located 0 bytes after 16-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-in-helper.c:[[@LINE+6]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-in-helper.c:[[@LINE-9]]:{{[0-9]+}} in element
}

int main(int argc, char **argv) {
  int n = argc + 3;
  int *v = (int *)malloc(n * sizeof(int));
  memset(v, 1, n * sizeof(int));
  int s = element(v, n);
  free(v);
  return s;
}
