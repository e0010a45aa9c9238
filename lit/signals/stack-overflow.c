// Unbounded recursion is reported as a stack-overflow, on the main thread
// and on other threads (one with a PTHREAD_STACK_MIN stack among them): the
// handler runs on the thread's alternate signal stack and the fault lies at
// the bottom of the thread's stack, next to sp. Without an argument the
// recursion is bounded and nothing is printed.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: not %run %t main 2>&1 | FileCheck %s --check-prefixes=CHECK,MAIN
// RUN: not %run %t thread 2>&1 | FileCheck %s --check-prefixes=CHECK,THREAD
// RUN: not %run %t small 2>&1 | FileCheck %s --check-prefixes=CHECK,THREAD
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
// RUN: not %run %t main 2>&1 | FileCheck %s --check-prefixes=CHECK,MAIN
// RUN: not %run %t small 2>&1 | FileCheck %s --check-prefixes=CHECK,THREAD
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static long limit = 100;

__attribute__((noinline)) static long recurse(long depth) {
  volatile char frame[200];
  frame[0] = (char)depth;
  if (depth >= limit)
    return frame[0];
  return recurse(depth + 1) + frame[0];
  // MAIN: ERROR: Sleuth: stack-overflow on address 0x{{[0-9a-f]+}} (pc 0x{{[0-9a-f]+}} bp 0x{{[0-9a-f]+}} sp 0x{{[0-9a-f]+}} T0)
  // THREAD: ERROR: Sleuth: stack-overflow on address 0x{{[0-9a-f]+}} (pc 0x{{[0-9a-f]+}} bp 0x{{[0-9a-f]+}} sp 0x{{[0-9a-f]+}} T1)
  // CHECK-NOT: SEGV
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in recurse .*}}stack-overflow.c:{{2[0-5]}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in recurse .*}}stack-overflow.c:[[@LINE-5]]
  // CHECK-NEXT: {{#2 0x[0-9a-f]+ in recurse .*}}stack-overflow.c:[[@LINE-6]]
  // THREAD: Thread T1 created by T0 here:
  // THREAD-NEXT: {{#0 0x[0-9a-f]+ in pthread_create}}
  // THREAD-NEXT: {{#1 0x[0-9a-f]+ in main .*}}stack-overflow.c:[[@LINE+20]]
  // CHECK: SUMMARY: Sleuth: stack-overflow {{.*}}stack-overflow.c:{{2[0-5]}}:{{[0-9]+}} in recurse
}

static void *thread_main(void *arg) {
  return (void *)recurse((long)arg);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  if (*mode)
    limit = LONG_MAX;
  if (!strcmp(mode, "main") || !*mode)
    recurse(0);
  if (!strcmp(mode, "thread") || !strcmp(mode, "small") || !*mode) {
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    if (!strcmp(mode, "small"))
      pthread_attr_setstacksize(&attr, PTHREAD_STACK_MIN);
    pthread_t t;
    pthread_create(&t, &attr, thread_main, 0);
    pthread_join(t, 0);
  }
  return 0;
}
