// A write one past the end of a VLA: dynamic-stack-buffer-overflow with the
// faulting line and the allocation's bounds.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) static int fill(int n) {
  char vla[n];
  memset(vla, 1, (size_t)n);
  __asm__ volatile("" : : "r"(vla) : "memory");
  vla[n] = 2;
  // CHECK: ERROR: Sleuth: dynamic-stack-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in fill .*}}vla-overflow.c:[[@LINE-3]]
  // CHECK: Address [[ADDR]] is located in stack of thread T0, 0 bytes after a 37-byte dynamic stack allocation (VLA or alloca) [0x{{[0-9a-f]+}},[[ADDR]])
  // CHECK: SUMMARY: Sleuth: dynamic-stack-buffer-overflow {{.*}}vla-overflow.c:[[@LINE-5]]:{{[0-9]+}} in fill
  __asm__ volatile("" : : "r"(vla) : "memory");
  return vla[0];
}

int main(int argc, char **argv) {
  (void)argv;
  return fill(argc + 36);
}
