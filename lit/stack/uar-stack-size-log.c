// min_uar_stack_size_log / max_uar_stack_size_log, as ASan's options: the
// log2 of each fake stack region's size (2^20 by default). verbosity=1
// names it when a thread's fake stack is made. A use after return is
// caught at every size, and a recursion deeper than a small region holds
// (2^16 bytes: 1024 frames of 64 bytes) runs on: frames past it live on
// the real stack, unchecked, never a crash.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1:verbosity=1 not %run %t 2>&1 | FileCheck %s -DLOG=20
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1:max_uar_stack_size_log=16:verbosity=1 not %run %t 2>&1 | FileCheck %s -DLOG=16
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1:min_uar_stack_size_log=24:max_uar_stack_size_log=24:verbosity=1 not %run %t 2>&1 | FileCheck %s -DLOG=24
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1:max_uar_stack_size_log=25 not %run %t 2>&1 | FileCheck %s --check-prefix=RANGE
#include <stdio.h>

__attribute__((noinline)) static int deep(int n) {
  volatile int local = n; // address taken: a fake frame
  int *volatile p = (int *)&local;
  return n ? deep(n - 1) + *p : *p;
}

__attribute__((noinline)) static int *escape(void) {
  int local = 42;
  int *volatile p = &local;
  return p;
}

int main(void) {
  fprintf(stderr, "sum %d\n", deep(5000));
  int *dangling = escape();
  return *dangling;
}
// CHECK: T0: FakeStack created: 0x{{[0-9a-f]+}} -- 0x{{[0-9a-f]+}} stack_size_log: [[LOG]];
// CHECK: sum 12502500
// CHECK: ERROR: Sleuth: stack-use-after-return on address [[ADDR:0x[0-9a-f]+]]
// CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} in main {{.*}}uar-stack-size-log.c:29
// CHECK: 'local' (line 21) <== Memory access at offset {{[0-9]+}} is inside this variable
// RANGE: max_uar_stack_size_log
