// An access just past a pool block lands in the pool's redzone: reported
// as heap-buffer-overflow describing the pool block and its POOL_ALLOC
// stack (frame #0 the runtime's sleuth_pool_alloc, #1 the pool's code).
// RUN: %sleuth_cc -O0 -I%S/Inputs %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 -I%S/Inputs %s -o %t && not %run %t 2>&1 | FileCheck %s
#include "arena.h"

arena a;

int main(void) {
  arena_init(&a, 4096);
  char *p = arena_alloc(&a, 24);
  char *volatile q = p;
  q[24 + 2] = 1;
  arena_destroy(&a);
  return 0;
}
// CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]]
// CHECK: WRITE of size 1 at [[ADDR]] thread T0
// CHECK: {{#0 0x[0-9a-f]+ in main .*}}overflow.c:14
// CHECK: [[ADDR]] is located 2 bytes after 24-byte region [0x{{[0-9a-f]+}},0x{{[0-9a-f]+}})
// CHECK-NEXT: allocated by thread T0 here:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in sleuth_pool_alloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in arena_alloc .*}}arena.h:24
// CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow.c:14{{.*}} in main
