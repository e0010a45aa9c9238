// A block lost on a fiber stack is still a leak: the scan reads a
// suspended fiber's stack only from where it stopped, not the frames it
// has left. The allocation stack shows the fiber's frames.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include "Inputs/fiber.h"

static fiber f;
void *volatile sink;

__attribute__((noinline)) static void lose_one(void) {
  sink = malloc(321);
  sink = 0;
}

// Overwrites the dead frames lose_one left below, and the caller-saved
// registers, which would otherwise carry the pointer over to the main
// stack (a conservative scan would rightly count it there).
__attribute__((noinline)) static void scrub(void) {
  volatile char junk[512];
  for (int i = 0; i < 512; i++)
    junk[i] = 0;
  __asm__ volatile("xor %%eax, %%eax\n xor %%ecx, %%ecx\n xor %%edx, %%edx\n"
                   "xor %%esi, %%esi\n xor %%edi, %%edi\n xor %%r8d, %%r8d\n"
                   "xor %%r9d, %%r9d\n xor %%r10d, %%r10d\n xor %%r11d, %%r11d"
                   :
                   :
                   : "rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10",
                     "r11", "memory");
}

static void fiber_main(void) {
  fiber_arrived(&f);
  lose_one();
  scrub();
  fiber_yield(&f);
  abort();
}

int main(void) {
  fiber_init(&f, fiber_main);
  fiber_enter(&f);
  return 0;
}
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK: Direct leak of 321 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in lose_one .*}}fiber-leak.c:12
// CHECK-NEXT: {{#2 0x[0-9a-f]+ in fiber_main .*}}fiber-leak.c:34
// CHECK: SUMMARY: Sleuth: 321 byte(s) leaked in 1 allocation(s).
