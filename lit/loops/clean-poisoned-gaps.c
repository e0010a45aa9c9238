// A strided loop's range also holds the bytes it skips. Here they are
// poisoned by the program (each element's tail, with ASan's interface): the
// query sends the loop to its checked copy, which checks only the bytes
// really read, so nothing is reported and the sum is right.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O3 %s -o %t && %run %t 2>&1 | FileCheck %s
// CHECK-NOT: ERROR
// CHECK: sum of heads 2016
#include <sanitizer/asan_interface.h>
#include <stdio.h>
#include <stdlib.h>

struct slot {
  long head;
  long tail[3]; // poisoned below
};

__attribute__((noinline)) static long heads(const struct slot *s, int n) {
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += s[i].head;
  return sum;
}

int main(int argc, char **argv) {
  (void)argv;
  int n = argc + 63;
  struct slot *s = (struct slot *)malloc(n * sizeof(struct slot));
  for (int i = 0; i < n; i++) {
    s[i].head = i;
    __asan_poison_memory_region(s[i].tail, sizeof s[i].tail);
  }
  printf("sum of heads %ld\n", heads(s, n));
  __asan_unpoison_memory_region(s, n * sizeof(struct slot));
  free(s);
  return 0;
}
