// A pointer to a local of a function that returned, with
// detect_stack_use_after_return=1: stack-use-after-return naming the frame
// and the variable. Without the option the access is not checked that way.
// RUN: %sleuth_cc -O0 %s -o %t && env SLEUTH_OPTIONS=detect_stack_use_after_return=1 not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && env SLEUTH_OPTIONS=detect_stack_use_after_return=1 not %run %t 2>&1 | FileCheck %s
// RUN: %run %t 2>&1 | FileCheck %s --check-prefix=OFF
// OFF: value {{[0-9-]+}}
#include <stdio.h>

__attribute__((noinline)) static int *dangling(int n) {
  int local[8];
  for (int i = 0; i < 8; i++)
    local[i] = n + i;
  __asm__ volatile("" : : "r"(local) : "memory");
  return &local[n];
}

__attribute__((noinline)) static void other(void) {
  char pad[200];
  __asm__ volatile("" : : "r"(pad) : "memory");
}

int main(int argc, char **argv) {
  (void)argv;
  int *p = dangling(argc + 1);
  other();
  int v = *p;
  // CHECK: ERROR: Sleuth: stack-use-after-return on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}use-after-return.c:[[@LINE-3]]
  // CHECK: Address [[ADDR]] is located in stack of thread T0 at offset 40 in frame
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in dangling .*}}use-after-return.c:10
  // CHECK: This frame has 1 object(s):
  // CHECK-NEXT: [32, 64) 'local' (line 11) <== Memory access at offset 40 is inside this variable
  // CHECK: Stack after return:    f5
  // CHECK: SUMMARY: Sleuth: stack-use-after-return {{.*}}use-after-return.c:[[@LINE-9]]:{{[0-9]+}} in main
  printf("value %d\n", v);
  return 0;
}
