// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: not %run %t heap 2>&1 | FileCheck %s --check-prefixes=CHECK,HEAP
// RUN: not %run %t unmapped 2>&1 | FileCheck %s --check-prefixes=CHECK,UNMAPPED
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
// RUN: not %run %t heap 2>&1 | FileCheck %s --check-prefixes=CHECK,HEAP
#include <stdlib.h>
#include <string.h>

typedef int (*callback)(int);

static int twice(int x) { return 2 * x; }

__attribute__((noinline)) int run_callback(callback f, int x) {
  int r = f(x);
  __asm__ volatile("" : : "r"(r) : "memory"); // no tail call at -O2
  return r + 1;
  // CHECK: ERROR: Sleuth: SEGV on unknown address 0x{{[0-9a-f]+}} (pc 0x{{[0-9a-f]+}} bp
  // HEAP-NEXT: Hint: PC is at a non-executable region. Maybe a wild jump?
  // UNMAPPED-NOT: Hint: PC
  // CHECK: The signal is caused by a READ memory access.
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ \(<unknown module>\)}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in run_callback .*}}call-data-pointer.c:[[@LINE-8]]
  // CHECK: SUMMARY: Sleuth: SEGV
}

int main(int argc, char **argv) {
  callback f = twice;
  if (argc > 1 && !strcmp(argv[1], "heap"))
    f = (callback)calloc(1, 64);
  else if (argc > 1)
    f = (callback)(unsigned long)0x200000; // below the shadow: unmapped
  return run_callback(f, argc) == 5 ? 0 : 0;
}

// A call through a pointer to data: the instruction fetch faults on a mapped
// page that is not executable (a heap block), and the report adds ASan's
// hint. A jump to an unmapped address gets no such hint. Without an
// argument the pointer is a real function and nothing is printed.
