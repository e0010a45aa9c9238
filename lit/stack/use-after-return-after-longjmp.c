// Frames abandoned by longjmp (thousands, more than a size class holds) are
// collected from the fake stack: a later use after return is still found.
// RUN: %sleuth_cc -O0 %s -o %t && env SLEUTH_OPTIONS=detect_stack_use_after_return=1 not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && env SLEUTH_OPTIONS=detect_stack_use_after_return=1 not %run %t 2>&1 | FileCheck %s
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;

__attribute__((noinline)) static void deep(int n) {
  int local[16];
  for (int i = 0; i < 16; i++)
    local[i] = n;
  __asm__ volatile("" : : "r"(local) : "memory");
  if (n == 0)
    longjmp(env, 1);
  deep(n - 1);
}

__attribute__((noinline)) static int *dangling(int n) {
  int local[16];
  for (int i = 0; i < 16; i++)
    local[i] = n;
  __asm__ volatile("" : : "r"(local) : "memory");
  return &local[n];
}

int main(int argc, char **argv) {
  (void)argv;
  for (int round = 0; round < 100; round++)
    if (!setjmp(env))
      deep(200);
  fprintf(stderr, "jumped\n");
  // CHECK: jumped
  int *p = dangling(argc);
  return *p;
  // CHECK: ERROR: Sleuth: stack-use-after-return on address
  // CHECK: {{#0 0x[0-9a-f]+ in main .*}}use-after-return-after-longjmp.c:[[@LINE-2]]
  // CHECK: 'local' (line 21) <== Memory access at offset 36 is inside this variable
}
