// A pool block nothing points to is a leak of its own, reported with its
// POOL_ALLOC stack; the superblock (reachable from a global) is not
// reported, and a live pool block it holds that is pointed to is fine.
// RUN: %sleuth_cc -O0 -I%S/Inputs %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 -I%S/Inputs %s -o %t && not %run %t 2>&1 | FileCheck %s
#include "arena.h"
#include <string.h>

arena a;
void *volatile kept;

__attribute__((noinline)) static void make(void) {
  kept = arena_alloc(&a, 40);
  char *volatile lost = arena_alloc(&a, 24);
  memset(lost, 1, 24);
  lost = 0;
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
  arena_init(&a, 4096);
  deeper();
  scrub();
  return 0;
}
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK-EMPTY:
// CHECK-NEXT: Direct leak of 24 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in sleuth_pool_alloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in arena_alloc .*}}arena.h:24
// CHECK-NEXT: {{#2 0x[0-9a-f]+ in make .*}}leak.c:14
// CHECK-NOT: leak of
// CHECK: LEAK SUMMARY:
// CHECK-NEXT: definitely lost: 24 bytes in 1 blocks
// CHECK-NEXT: indirectly lost: 0 bytes in 0 blocks
// CHECK-NEXT: possibly lost: 0 bytes in 0 blocks
// CHECK: SUMMARY: Sleuth: 24 byte(s) leaked in 1 allocation(s).
