// Recursion with local arrays, qsort over a stack array (libc calls back
// with pointers into it), alloca() and VLAs next to redzoned locals, and
// exit() from a deep frame: no report.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1 %run %t 2>&1 | FileCheck %s
// CHECK-NOT: ERROR
// CHECK: sorted 1 2 3 {{.*}} 64
// CHECK: exit from depth 0
#include <alloca.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

__attribute__((noinline)) static long rec(int n) {
  int local[16];
  for (int i = 0; i < 16; i++)
    local[i] = n + i;
  __asm__ volatile("" : : "r"(local) : "memory");
  return n ? rec(n - 1) + local[15] : local[0];
}

__attribute__((noinline)) static int vla_and_alloca(int n) {
  char fixed[24];
  char vla[n];
  char *a = alloca((size_t)n * 2);
  memset(fixed, 1, sizeof fixed);
  memset(vla, 2, (size_t)n);
  memset(a, 3, (size_t)n * 2);
  return fixed[23] + vla[n - 1] + a[2 * n - 1];
}

__attribute__((noinline)) static void deep_exit(int n) {
  char buf[32];
  snprintf(buf, sizeof buf, "exit from depth %d", n);
  if (n == 0) {
    puts(buf);
    fflush(stdout);
    exit(0);
  }
  deep_exit(n - 1);
}

int main(void) {
  int arr[64];
  for (int i = 0; i < 64; i++)
    arr[i] = 64 - i;
  qsort(arr, 64, sizeof arr[0], cmp);
  printf("sorted %d %d %d ... %d\n", arr[0], arr[1], arr[2], arr[63]);
  printf("%ld %d\n", rec(100), vla_and_alloca(37));
  deep_exit(30);
}
