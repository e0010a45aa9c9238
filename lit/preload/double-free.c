// Uninstrumented program under sleuth-run: double-free, with the free
// stacks and the allocation stack.
// RUN: %clang -O2 -g -fomit-frame-pointer %s -o %t
// RUN: not %sleuth_run %t 2>&1 | FileCheck %s
#include <stdlib.h>

__attribute__((noinline)) static void release(void *p) {
  free(p);
  __asm__ volatile("");
}

int main(void) {
  char *volatile p = malloc(10);
  release(p);
  release(p);
  return 0;
}
// CHECK: ERROR: Sleuth: double-free: attempting double-free on {{0x[0-9a-f]+}} in thread T0:
// CHECK-NEXT: #0 {{.*}} in free
// CHECK-NEXT: #1 {{.*}} in release {{.*}}double-free.c:8
// CHECK-NEXT: #2 {{.*}} in main {{.*}}double-free.c:15
// CHECK: freed by thread T0 here:
// CHECK-NEXT: #0 {{.*}} in free
// CHECK-NEXT: #1 {{.*}} in release {{.*}}double-free.c:8
// CHECK-NEXT: #2 {{.*}} in main {{.*}}double-free.c:14
// CHECK: previously allocated by thread T0 here:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in main {{.*}}double-free.c:13
// CHECK: SUMMARY: Sleuth: double-free {{.*}}double-free.c:8
