// A pointer into a by-value struct parameter kept after the callee
// returned: with detect_stack_use_after_return=1, stack-use-after-return
// naming the callee's frame and the parameter.
// RUN: %sleuth_cc -O0 %s -o %t && env SLEUTH_OPTIONS=detect_stack_use_after_return=1 not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && env SLEUTH_OPTIONS=detect_stack_use_after_return=1 not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && env SLEUTH_OPTIONS=detect_stack_use_after_return=1 not %run %t 2>&1 | FileCheck %s
#include <stdio.h>

struct Sample {
  int vals[10];
  long tag;
};

int *kept;

__attribute__((noinline)) void remember(struct Sample s) {
  kept = &s.vals[3];
  __asm__ volatile("" : : "r"(kept) : "memory");
}

int main(void) {
  struct Sample s = {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 42};
  remember(s);
  printf("%d\n", *kept);
  // CHECK: ERROR: Sleuth: stack-use-after-return on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: #0 0x{{[0-9a-f]+}} in main {{.*}}byval-use-after-return.c:[[@LINE-3]]
  // CHECK: Address [[ADDR]] is located in stack of thread T0 at offset 44 in frame
  // CHECK-NEXT: #0 0x{{[0-9a-f]+}} in remember {{.*}}byval-use-after-return.c:16
  // CHECK: [32, 80) 's' (line 16) <== Memory access at offset 44 is inside this variable
  // CHECK: SUMMARY: Sleuth: stack-use-after-return {{.*}}byval-use-after-return.c:24:{{[0-9]+}} in main
  return 0;
}
