// Exceptions thrown through frames with VLAs and alloca(), caught and then
// the stack reused: no report.
// RUN: %sleuth_cxx -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1 %run %t 2>&1 | FileCheck %s
// CHECK-NOT: ERROR
// CHECK: caught 5
// CHECK: done
#include <alloca.h>
#include <cstdio>
#include <cstring>
#include <stdexcept>

__attribute__((noinline)) static void thrower(int n) {
  char v[n + 20];
  std::memset(v, n, sizeof v);
  __asm__ volatile("" : : "r"(v) : "memory");
  char *a = static_cast<char *>(alloca(n + 3));
  std::memset(a, 1, n + 3);
  __asm__ volatile("" : : "r"(a) : "memory");
  if (n == 0)
    throw std::runtime_error("deep");
  thrower(n - 1);
}

__attribute__((noinline)) static long flat(int n) {
  long a[64];
  for (int i = 0; i < 64; i++)
    a[i] = i + n;
  __asm__ volatile("" : : "r"(a) : "memory");
  return n ? flat(n - 1) + a[63] - a[62] : 0;
}

int main(int argc, char **) {
  int caught = 0;
  for (int k = 0; k < 5; k++) {
    char v[argc + 10];
    std::memset(v, 0, sizeof v);
    __asm__ volatile("" : : "r"(v) : "memory");
    try {
      thrower(20 + k);
    } catch (const std::exception &) {
      caught++;
    }
  }
  std::printf("caught %d\n", caught);
  std::printf("%ld done\n", flat(40));
}
