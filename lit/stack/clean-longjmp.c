// longjmp out of frames with redzoned locals, from instrumented code and
// from code that is not instrumented (the runtime's longjmp interceptor),
// then deep use of the same stack: no stale poison, no report.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1 %run %t 2>&1 | FileCheck %s
// CHECK-NOT: ERROR
// CHECK: 20 done
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

static jmp_buf env;
static sigjmp_buf senv;

__attribute__((noinline, disable_sanitizer_instrumentation)) static void
jump_uninstrumented(void) {
  longjmp(env, 2);
}

__attribute__((noinline)) static void deep(int n, int how) {
  char buf[64];
  memset(buf, n, sizeof buf);
  __asm__ volatile("" : : "r"(buf) : "memory");
  if (n == 0) {
    if (how == 0)
      longjmp(env, 1);
    if (how == 1)
      jump_uninstrumented();
    siglongjmp(senv, 1);
  }
  deep(n - 1, how);
}

// Frames with big, fully written locals over the abandoned ones.
__attribute__((noinline)) static int flat(int n) {
  long a[40];
  for (int i = 0; i < 40; i++)
    a[i] = i + n;
  __asm__ volatile("" : : "r"(a) : "memory");
  return n ? flat(n - 1) + (int)(a[39] - a[38]) : 0;
}

int main(void) {
  for (int how = 0; how < 3; how++) {
    if (how < 2) {
      if (!setjmp(env))
        deep(20, how);
    } else if (!sigsetjmp(senv, 1)) {
      deep(20, how);
    }
  }
  printf("%d done\n", flat(20));
  return 0;
}
