// A superblock whose only pointer is lost is not reported itself (the pool
// owns it): its live pool blocks are. A pointer stored in the superblock's
// unallocated part does not keep a pool block alive.
// RUN: %sleuth_cc -O0 -I%S/Inputs %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 -I%S/Inputs %s -o %t && not %run %t 2>&1 | FileCheck %s
#include "arena.h"
#include <string.h>

__attribute__((noinline)) static void make(void) {
  arena *a = malloc(sizeof *a);
  arena_init(a, 4096);
  char *p = arena_alloc(a, 64);
  memset(p, 1, 64);
  // A stale pointer in the free space at the end of the superblock.
  char **slot = (char **)(a->mem + 4096 - 64);
  SLEUTH_UNPOISON(slot, sizeof *slot);
  *slot = p;
  SLEUTH_POISON(slot, sizeof *slot);
  // The pool's control block points at the superblock; drop both.
  memset(a, 0, sizeof *a);
  free(a);
}

// Runs make() well below main's frame, so scrub() overwrites all of it.
__attribute__((noinline)) static void deeper(void) {
  volatile char pad[1024];
  pad[0] = 0;
  make();
  pad[1] = 0;
}

__attribute__((noinline)) static void scrub(void) {
  volatile char buf[8192];
  memset((char *)buf, 0, sizeof buf);
  __asm__ volatile("" : : "r"(buf) : "memory");
}

int main(void) {
  deeper();
  scrub();
  return 0;
}
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK-EMPTY:
// CHECK-NEXT: Direct leak of 64 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in sleuth_pool_alloc}}
// CHECK-NOT: 4096 byte
// CHECK-NOT: leak of
// CHECK: definitely lost: 64 bytes in 1 blocks
// CHECK: SUMMARY: Sleuth: 64 byte(s) leaked in 1 allocation(s).
