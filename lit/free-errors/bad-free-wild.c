// free() of a wild pointer into unmapped memory: validated before any
// header is read, so this is a report, not a crash of the runtime.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdint.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  void *p = (void *)(uintptr_t)0x10000000dea0;
  __asm__ volatile("" : "+r"(p) : : "memory");
  free(p);
  // CHECK-NOT: SEGV
  // CHECK: ERROR: Sleuth: bad-free: attempting free on address which was not malloc()-ed: 0x10000000dea0 in thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in free}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}bad-free-wild.c:[[@LINE-4]]
  // CHECK: Address 0x10000000dea0 is a wild pointer.
  // CHECK: SUMMARY: Sleuth: bad-free {{.*}}bad-free-wild.c:[[@LINE-6]]:{{[0-9]+}} in main
  return 0;
}
