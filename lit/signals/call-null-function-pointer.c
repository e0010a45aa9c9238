// A call through a null or near-null function pointer faults on the
// instruction fetch at pc 0: the report says so, #0 is the bad pc and #1
// the frame that made the call (from the return address the call left at
// sp), then its callers. Without an argument the pointer is a real
// function and nothing is printed.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: not %run %t 0 2>&1 | FileCheck %s --check-prefixes=CHECK,NULL
// RUN: not %run %t 16 2>&1 | FileCheck %s --check-prefixes=CHECK,NEAR
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
// RUN: not %run %t 0 2>&1 | FileCheck %s --check-prefixes=CHECK,NULL
#include <stdlib.h>

typedef int (*callback)(int);

static int twice(int x) { return 2 * x; }

__attribute__((noinline)) int run_callback(callback f, int x) {
  int r = f(x);
  __asm__ volatile("" : : "r"(r) : "memory"); // no tail call at -O2
  return r + 1;
  // NULL: ERROR: Sleuth: SEGV on unknown address 0x000000000000 (pc 0x000000000000 bp 0x{{[0-9a-f]+}} sp 0x{{[0-9a-f]+}} T0)
  // NEAR: ERROR: Sleuth: SEGV on unknown address 0x000000000010 (pc 0x000000000010 bp 0x{{[0-9a-f]+}} sp 0x{{[0-9a-f]+}} T0)
  // CHECK-NEXT: Hint: pc points to the zero page.
  // CHECK-NEXT: The signal is caused by a READ memory access.
  // CHECK-NEXT: Hint: address points to the zero page.
  // NULL-NEXT: {{#0 0x0 }}
  // NEAR-NEXT: {{#0 0x10 }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in run_callback .*}}call-null-function-pointer.c:[[@LINE-10]]
  // CHECK-NEXT: {{#2 0x[0-9a-f]+ in main .*}}call-null-function-pointer.c:[[@LINE+6]]
  // CHECK: SUMMARY: Sleuth: SEGV
}

int main(int argc, char **argv) {
  callback f = argc > 1 ? (callback)strtoul(argv[1], 0, 0) : twice;
  return run_callback(f, argc) == 2 * argc + 1 ? 0 : 1;
}
