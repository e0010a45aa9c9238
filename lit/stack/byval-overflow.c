// A struct passed by value (byval) is the callee's own copy: indexing past
// its last element is a stack-buffer-overflow of the parameter, reported in
// the callee's frame (the copy gets redzones like any local).
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>

struct Sample {
  int vals[10];
  long tag;
};

__attribute__((noinline)) int pick(struct Sample s, int n) {
  int sum = s.tag == 42 ? 1 : 0;
  sum += s.vals[n];
  // CHECK: ERROR: Sleuth: stack-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: #0 0x{{[0-9a-f]+}} in pick {{.*}}byval-overflow.c:[[@LINE-3]]
  // CHECK-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}byval-overflow.c:32
  // CHECK: Address [[ADDR]] is located in stack of thread T0 at offset {{[0-9]+}} in frame
  // CHECK-NEXT: #0 0x{{[0-9a-f]+}} in pick {{.*}}byval-overflow.c:14
  // CHECK: This frame has 1 object(s):
  // CHECK-NEXT: [32, 80) 's' (line 14) <== Memory access at offset 80 overflows this variable
  // CHECK: SUMMARY: Sleuth: stack-buffer-overflow {{.*}}byval-overflow.c:16:{{[0-9]+}} in pick
  return sum;
}

int main(int argc, char **argv) {
  (void)argv;
  struct Sample s = {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 42};
  printf("%d\n", pick(s, 11 + argc));
  return 0;
}
