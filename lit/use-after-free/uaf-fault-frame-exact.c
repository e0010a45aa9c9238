// When a use after free is caught by a fault (the block's pages were
// protected while it waits in the quarantine), frame #0 is the faulting
// instruction itself, not a return address: it is symbolized at its own
// pc, not pc - 1. Here the faulting load is the first instruction of a
// naked function, so pc - 1 would fall in whatever precedes it and the
// report would name the wrong function.
// RUN: %sleuth_cc -O1 %s -o %t
// RUN: not %run %t 2>&1 | FileCheck %s
// RUN: %clang -O1 -g %s -o %t.plain
// RUN: not %sleuth_run %t.plain 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

#define BLOCK (64 << 10)

// Before load_byte, so that its last byte is what pc - 1 would name.
__attribute__((noinline)) int before_load(int x) { return x * 3 + 1; }

// A one-byte load as this function's first instruction (uninstrumented:
// assembly), then return.
__attribute__((naked, noinline)) int load_byte(const char *p) {
  __asm__ volatile("movzbl 100(%rdi), %eax\n\tret\n");
}

__attribute__((noinline)) static void release(char *p) {
  free(p);
  __asm__ volatile("" ::"r"(p) : "memory");
}

int main(int argc, char **argv) {
  (void)argv;
  char *p = (char *)malloc(BLOCK);
  memset(p, 'a', BLOCK);
  release(p);
  // 1 MiB more of frees: the victim's batch joins the quarantine and its
  // pages are protected.
  for (int i = 0; i < 16; i++) {
    char *q = (char *)malloc(BLOCK);
    memset(q, i, BLOCK);
    __asm__ volatile("" ::"r"(q) : "memory");
    free(q);
  }
  return load_byte(p) + before_load(argc);
  // CHECK: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in load_byte}}
  // CHECK: [[ADDR]] is located 100 bytes inside of 65536-byte region
  // CHECK: freed by thread T0 here:
  // CHECK: {{#1 0x[0-9a-f]+ in release .*}}uaf-fault-frame-exact.c:[[@LINE-23]]
  // CHECK: SUMMARY: Sleuth: heap-use-after-free {{.*}} in load_byte
}
