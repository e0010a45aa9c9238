// A read just past the end of a global int array: global-buffer-overflow
// naming the array and the line that defines it.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>

int table[10] = {1, 2, 3};

int main(int argc, char **argv) {
  (void)argv;
  int v = table[argc + 9];
  // CHECK: ERROR: Sleuth: global-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}int-array.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after global variable 'table' defined in '{{.*}}int-array.c:7:5' ({{0x[0-9a-f]+}}) of size 40
  // CHECK: SUMMARY: Sleuth: global-buffer-overflow {{.*}}int-array.c:[[@LINE-5]]:{{[0-9]+}} in main
  printf("%d\n", v);
  return 0;
}
