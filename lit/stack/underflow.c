// A write just before a local array: stack-buffer-underflow.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>

int main(int argc, char **argv) {
  (void)argv;
  long vals[4] = {1, 2, 3, 4};
  vals[argc - 2] = 7;
  // CHECK: ERROR: Sleuth: stack-buffer-underflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 8 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}underflow.c:[[@LINE-3]]
  // CHECK: Address [[ADDR]] is located in stack of thread T0 at offset 24 in frame
  // CHECK: [32, 64) 'vals' (line 8) <== Memory access at offset 24 underflows this variable
  // CHECK: SUMMARY: Sleuth: stack-buffer-underflow {{.*}}underflow.c:[[@LINE-6]]:{{[0-9]+}} in main
  printf("%ld\n", vals[0] + vals[3]);
  return 0;
}
