// VLAs re-allocated in loops (each iteration's scope ends with a stack
// restore), alloca() in a loop, VLAs in frames left by longjmp and by
// exit paths, then deep use of the same stack: no report.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1 %run %t 2>&1 | FileCheck %s
// CHECK-NOT: ERROR
// CHECK: done
#include <alloca.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

static jmp_buf env;

__attribute__((noinline)) static void use(char *p, size_t n) {
  memset(p, 7, n);
  __asm__ volatile("" : : "r"(p) : "memory");
}

// Big locals over the stack the VLAs used.
__attribute__((noinline)) static long flat(int n) {
  long a[64];
  for (int i = 0; i < 64; i++)
    a[i] = i + n;
  __asm__ volatile("" : : "r"(a) : "memory");
  return n ? flat(n - 1) + a[63] - a[62] : 0;
}

// A big local over the space the VLAs of the caller's ended scope used.
__attribute__((noinline)) static long wide(int n) {
  char buf[4096];
  memset(buf, n, sizeof buf);
  __asm__ volatile("" : : "r"(buf) : "memory");
  return buf[4095];
}

__attribute__((noinline)) static long loops(int n) {
  long sum = 0;
  for (int i = 1; i <= n; i++) {
    { // shrinking VLAs, then calls over the space they used
      char big[(n - i) * 40 + 1];
      use(big, sizeof big);
      sum += big[0];
    }
    sum += wide(i);
  }
  for (int i = 1; i <= n; i++) {
    char v[i * 3 + 1]; // a different size each time, restored each time
    use(v, sizeof v);
    sum += v[i * 3];
    for (int j = 1; j < 4; j++) {
      int w[j + i];
      memset(w, 0, sizeof w);
      __asm__ volatile("" : : "r"(w) : "memory");
      sum += w[j + i - 1];
    }
  }
  for (int i = 0; i < 16; i++) {
    char *a = alloca((size_t)i + 1); // grows until return
    use(a, (size_t)i + 1);
    sum += a[i];
  }
  return sum;
}

__attribute__((noinline)) static void deep_jump(int n) {
  char v[n + 50];
  use(v, sizeof v);
  if (n == 0)
    longjmp(env, 1);
  deep_jump(n - 1);
}

int main(int argc, char **argv) {
  (void)argv;
  long s = loops(argc + 20);
  if (!setjmp(env))
    deep_jump(30);
  s += flat(40);
  printf("%ld done\n", s);
  return 0;
}
