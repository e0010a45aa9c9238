// The clean twin of fiber-overflow.c and fiber-leak.c: two fibers
// switching back and forth, with locals, heap blocks and a longjmp on the
// fiber stacks, print nothing. A block referenced only from a suspended
// fiber's stack is not a leak, neither in a check while the fiber is
// suspended nor at exit (both fibers are still suspended then).
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
#include "Inputs/fiber.h"
#include <sanitizer/lsan_interface.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

static fiber a, b;
static void *volatile sink;

__attribute__((noinline)) static void jump_back(jmp_buf *env) {
  char scratch[32];
  memset(scratch, 1, sizeof scratch);
  longjmp(*env, 1);
}

static void run(fiber *self) {
  fiber_arrived(self);
  // Held only here, in the suspended fiber's frame.
  char *kept = malloc(123);
  sink = kept;
  sink = 0;
  for (int i = 0;; i++) {
    char buf[64];
    memset(buf, i, sizeof buf);
    jmp_buf env;
    if (!setjmp(env))
      jump_back(&env);
    kept[0] = buf[i % 64]; // the start pointer stays live
    fiber_yield(self);
  }
}
static void run_a(void) { run(&a); }
static void run_b(void) { run(&b); }

int main(void) {
  fiber_init(&a, run_a);
  fiber_init(&b, run_b);
  for (int i = 0; i < 100; i++) {
    fiber_enter(&a);
    fiber_enter(&b);
  }
  if (__lsan_do_recoverable_leak_check())
    fputs("leak check failed\n", stderr);
  return 0;
}
