// An overflow on a fiber stack entered through a hand-rolled switch with
// __sanitizer_start_switch_fiber/__sanitizer_finish_switch_fiber: the
// error and allocation stacks show the fiber's frames (the frame-pointer
// walk knows the fiber stack's bounds from the annotations).
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include "Inputs/fiber.h"

static fiber f;
static int n = 10;

__attribute__((noinline)) static int overflow_on_fiber(int i) {
  char *p = malloc(n);
  int r = ((volatile char *)p)[i];
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in overflow_on_fiber .*}}fiber-overflow.c:[[@LINE-3]]
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in fiber_main .*}}fiber-overflow.c:[[@LINE+14]]
  // CHECK: [[ADDR]] is located 0 bytes after 10-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in overflow_on_fiber .*}}fiber-overflow.c:[[@LINE-9]]
  // CHECK-NEXT: {{#2 0x[0-9a-f]+ in fiber_main .*}}fiber-overflow.c:[[@LINE+9]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}fiber-overflow.c:[[@LINE-10]]:{{[0-9]+}} in overflow_on_fiber
  free(p);
  return r;
}

static void fiber_main(void) {
  fiber_arrived(&f);
  fiber_yield(&f); // back to main once before the error
  int r = overflow_on_fiber(n);
  (void)r;
  fiber_yield(&f);
  abort(); // never resumed
}

int main(void) {
  fiber_init(&f, fiber_main);
  fiber_enter(&f);
  fiber_enter(&f);
  return 0;
}
