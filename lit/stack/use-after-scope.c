// A pointer to a block-scoped array used after the block ends:
// stack-use-after-scope, also at -O0 (the wrapper asks clang for lifetime
// markers).
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>

int main(int argc, char **argv) {
  (void)argv;
  int *p;
  {
    int x[4] = {1, 2, 3, 4};
    p = x;
    __asm__ volatile("" : : "r"(p) : "memory");
  }
  int v = p[argc];
  // CHECK: ERROR: Sleuth: stack-use-after-scope on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}use-after-scope.c:[[@LINE-3]]
  // CHECK: Address [[ADDR]] is located in stack of thread T0 at offset 36 in frame
  // CHECK: [32, 48) 'x' (line 12) <== Memory access at offset 36 is inside this variable
  // CHECK: SUMMARY: Sleuth: stack-use-after-scope {{.*}}use-after-scope.c:[[@LINE-6]]:{{[0-9]+}} in main
  printf("%d\n", v);
  return 0;
}
