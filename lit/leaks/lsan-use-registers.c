// use_registers: while another thread holds the only pointer to a block in
// a register (a spin loop in asm; its stack holds the pointer only
// xor-masked), an on-demand scan finds it through the thread's saved
// registers, so nothing is reported. With use_registers=0 the block is a
// direct leak, reported with its allocation line.
// RUN: %sleuth_cc -O0 %s -o %t -lpthread && %run %t 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=use_registers=0 %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t -lpthread && %run %t 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=use_registers=0 %run %t 2>&1 | FileCheck %s
#include <pthread.h>
#include <sleuth/sleuth.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MASK 0x5a5a5a5a5a5a5a5aull
static volatile int ready, done;

__attribute__((noinline)) static uintptr_t masked_block(void) {
  char *p = malloc(66); // the block held in a register
  memset(p, 6, 66);
  return (uintptr_t)p ^ MASK;
}

// Calls masked_block from deep below the caller's stack pointer, so the
// copies of the pointer its frame and malloc's leave stay out of the red
// zone under the holder's stack pointer (which the scan reads).
__attribute__((noinline)) static uintptr_t from_deep_frame(void) {
  volatile char pad[1024];
  pad[0] = 0;
  uintptr_t r = masked_block();
  __asm__ volatile("" : : "r"(pad) : "memory");
  return r;
}

static void *holder(void *arg) {
  (void)arg;
  uintptr_t x = from_deep_frame();
  ready = 1;
  // Unmask into the register, spin (pausing) until told, mask again.
  __asm__ volatile("xorq %[k], %[x]\n"
                   "1: pause\n"
                   "cmpl $0, %[d]\n"
                   "je 1b\n"
                   "xorq %[k], %[x]\n"
                   : [x] "+r"(x)
                   : [k] "r"(MASK), [d] "m"(done));
  free((void *)(x ^ MASK));
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, holder, 0);
  while (!ready)
    usleep(1000);
  usleep(20000); // let it reach the loop
  sleuth_leak_check();
  done = 1;
  pthread_join(t, 0);
  return 0;
}
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK-EMPTY:
// CHECK-NEXT: Direct leak of 66 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in masked_block .*}}lsan-use-registers.c:21
// CHECK-NOT: Direct leak
