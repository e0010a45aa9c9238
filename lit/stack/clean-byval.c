// The clean twins of byval-overflow.c and byval-use-after-return.c: by-value
// struct parameters read and written in full, modified (the caller's copy
// must stay as it was), passed on by value, and with use-after-return
// checking on. No report at any -O level.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1 %run %t 2>&1 | FileCheck %s
// CHECK-NOT: ERROR
// CHECK: sums 55 110 55 tag 42
#include <stdio.h>

struct Sample {
  int vals[10];
  long tag;
};

__attribute__((noinline)) int total(struct Sample s, int n) {
  int sum = 0;
  for (int i = 0; i < n; i++)
    sum += s.vals[i];
  return sum;
}

__attribute__((noinline)) int doubled(struct Sample s) {
  for (int i = 0; i < 10; i++)
    s.vals[i] *= 2; // the callee's copy only
  return total(s, 10);
}

int main(int argc, char **argv) {
  (void)argv;
  struct Sample s = {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 42};
  int a = total(s, 9 + argc);
  int b = doubled(s);
  int c = total(s, 10);
  printf("sums %d %d %d tag %ld\n", a, b, c, s.tag);
  return 0;
}
