// A store to an unmapped address (not the zero page) in a helper function:
// SEGV caused by a WRITE, frame #0 the helper, frame #1 main.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdint.h>

__attribute__((noinline)) void poke(long *where, long what) {
  *where = what;
}

int main(int argc, char **argv) {
  uintptr_t wild = 0x2000; // below mmap_min_addr: never mapped
  __asm__ volatile("" : "+r"(wild));
  poke((long *)wild, argc);
  // CHECK: ERROR: Sleuth: SEGV on unknown address 0x000000002000 (pc
  // CHECK-NEXT: The signal is caused by a WRITE memory access.
  // CHECK-NOT: zero page
  // CHECK: {{#0 0x[0-9a-f]+ in poke .*}}segv-wild-write.c:[[@LINE-10]]
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}segv-wild-write.c:[[@LINE-5]]
  // CHECK: SUMMARY: Sleuth: SEGV {{.*}}segv-wild-write.c:[[@LINE-12]]:{{[0-9]+}} in poke
  return 0;
}
