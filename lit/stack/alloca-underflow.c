// A read just before an alloca() block: dynamic-stack-buffer-overflow in its
// left redzone.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <alloca.h>
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) static int peek(int n, int back) {
  int *a = alloca((size_t)n * sizeof(int));
  memset(a, 0, (size_t)n * sizeof(int));
  __asm__ volatile("" : : "r"(a) : "memory");
  return a[-back];
  // CHECK: ERROR: Sleuth: dynamic-stack-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in peek .*}}alloca-underflow.c:[[@LINE-3]]
  // CHECK: Address [[ADDR]] is located in stack of thread T0, 8 bytes before a 40-byte dynamic stack allocation (VLA or alloca)
  // CHECK: Left alloca redzone:   ca
  // CHECK: SUMMARY: Sleuth: dynamic-stack-buffer-overflow {{.*}}alloca-underflow.c:[[@LINE-6]]:{{[0-9]+}} in peek
}

int main(int argc, char **argv) {
  (void)argv;
  printf("%d\n", peek(argc + 9, argc + 1));
  return 0;
}
