// __asan_get_alloc_stack and __asan_get_free_stack return the frames the
// report prints: each a return address less one (the call), as ASan's
// return them, so a program can match them against a report's "#N 0x..."
// lines.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <sanitizer/asan_interface.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static char *make(void) { return malloc(24); }
__attribute__((noinline)) static void drop(char *p) { free(p); }

int main(void) {
  char *p = make();
  drop(p);
  void *frames[4];
  int tid;
  size_t n = __asan_get_alloc_stack(p, frames, 4, &tid);
  printf("alloc %zu T%d %p %p\n", n, tid, frames[0], frames[1]);
  n = __asan_get_free_stack(p, frames, 4, &tid);
  printf("free %zu T%d %p %p\n", n, tid, frames[0], frames[1]);
  fflush(stdout);
  return p[3];
}
// CHECK: alloc {{[0-9]+}} T0 [[A0:0x[0-9a-f]+]] [[A1:0x[0-9a-f]+]]
// CHECK: free {{[0-9]+}} T0 [[F0:0x[0-9a-f]+]] [[F1:0x[0-9a-f]+]]
// CHECK: ERROR: Sleuth: heap-use-after-free
// CHECK: freed by thread T0 here:
// CHECK-NEXT: #0 [[F0]] in free
// CHECK-NEXT: #1 [[F1]] in drop {{.*}}get-stack-matches-report.c:11
// CHECK: previously allocated by thread T0 here:
// CHECK-NEXT: #0 [[A0]] in malloc
// CHECK-NEXT: #1 [[A1]] in make {{.*}}get-stack-matches-report.c:10
