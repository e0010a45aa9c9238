// C++ exceptions thrown through frames with redzoned locals (with and
// without cleanups), then deep use of the stack: no report.
// RUN: %sleuth_cxx -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1 %run %t 2>&1 | FileCheck %s
// CHECK-NOT: ERROR
// CHECK: caught 3
// CHECK: 40 done
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>

__attribute__((noinline)) static void thrower(int n) {
  char buf[48];
  memset(buf, n, sizeof buf);
  __asm__ volatile("" : : "r"(buf) : "memory");
  if (n == 0)
    throw std::runtime_error("deep");
  std::string s(buf, 10); // a cleanup: the frame is left through resume
  thrower(n - 1);
}

__attribute__((noinline)) static void rethrower(int n) {
  char pad[100];
  memset(pad, 0, sizeof pad);
  __asm__ volatile("" : : "r"(pad) : "memory");
  try {
    thrower(n);
  } catch (...) {
    throw;
  }
}

__attribute__((noinline)) static int flat(int n) {
  long a[40];
  for (int i = 0; i < 40; i++)
    a[i] = i + n;
  __asm__ volatile("" : : "r"(a) : "memory");
  return n ? flat(n - 1) + int(a[39] - a[38]) : 0;
}

int main() {
  int caught = 0;
  for (int k = 0; k < 3; k++) {
    try {
      rethrower(15);
    } catch (const std::exception &) {
      caught++;
    }
  }
  std::printf("caught %d\n", caught);
  std::printf("%d done\n", flat(40));
}
