// __asan_addr_is_in_fake_stack, as ASan's: every address of a frame on the
// fake stack (detect_stack_use_after_return=1), its left redzone included,
// gives the same frame bounds and the same real-stack address, the place
// the function's frame has on the thread's real stack (just below its
// frame address there), so a garbage collector scans the right range. An
// address outside the fake stack gives NULL.
// RUN: %sleuth_cc -O0 %s -o %t -pthread
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1 %run %t 2>&1 | FileCheck %s
// RUN: env ASAN_OPTIONS=detect_stack_use_after_return=1 %run %t 2>&1 | FileCheck %s
// RUN: %run %t 2>&1 | FileCheck %s --check-prefix=OFF
#include <pthread.h>
#include <sanitizer/asan_interface.h>
#include <stdint.h>
#include <stdio.h>

static int global;

__attribute__((noinline)) static void *frame(void *arg) {
  char var[24];
  void *fs = __asan_get_current_fake_stack();
  if (!fs) {
    printf("no fake stack\n");
    return arg;
  }
  void *beg, *end, *real = __asan_addr_is_in_fake_stack(fs, var, &beg, &end);
  uintptr_t fa = (uintptr_t)__builtin_frame_address(0);
  int same = real && (char *)beg <= var && var < (char *)end;
  for (int i = -32; i < 24; i++) {
    void *b, *e;
    same &= __asan_addr_is_in_fake_stack(fs, var + i, &b, &e) == real &&
            b == beg && e == end;
  }
  int near = (uintptr_t)real <= fa && fa - (uintptr_t)real < 4096;
  printf("same %d near %d outside %p\n", same, near,
         __asan_addr_is_in_fake_stack(fs, &global, &beg, &end));
  return arg;
}

int main(void) {
  frame(0);
  pthread_t t;
  pthread_create(&t, 0, frame, 0);
  pthread_join(t, 0);
  return 0;
}
// CHECK: same 1 near 1 outside (nil)
// CHECK: same 1 near 1 outside (nil)
// OFF: no fake stack
// OFF: no fake stack
