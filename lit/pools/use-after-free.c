// A read of a pool block after SLEUTH_POOL_FREE is heap-use-after-free,
// with the free stack and the allocation stack.
// RUN: %sleuth_cc -O0 -I%S/Inputs %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 -I%S/Inputs %s -o %t && not %run %t 2>&1 | FileCheck %s
#include "arena.h"

arena a;

int main(void) {
  arena_init(&a, 4096);
  char *p = arena_alloc(&a, 32);
  p[0] = 5;
  arena_free(&a, p);
  char *volatile q = p;
  return q[8];
}
// CHECK: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]]
// CHECK: READ of size 1 at [[ADDR]] thread T0
// CHECK: {{#0 0x[0-9a-f]+ in main .*}}use-after-free.c:15
// CHECK: [[ADDR]] is located 8 bytes inside of 32-byte region
// CHECK-NEXT: freed by thread T0 here:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in sleuth_pool_free}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in arena_free .*}}arena.h:29
// CHECK: previously allocated by thread T0 here:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in sleuth_pool_alloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in arena_alloc .*}}arena.h:24
// CHECK: SUMMARY: Sleuth: heap-use-after-free
