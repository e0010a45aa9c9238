// Signal handlers running on the program's own sigaltstack, with redzoned
// locals and malloc/free inside, some left by siglongjmp: no false report
// on either stack. Then an overflow in the handler is reported with the
// handler's frames, and the block's allocation stack taken on the signal
// stack.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// CHECK: signals 40 jumps 10
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sigjmp_buf env;
static volatile int count, jumps, fail_now;

__attribute__((noinline)) static char *make_block(size_t n) {
  char *p = malloc(n);
  memset(p, 0, n);
  return p;
}

__attribute__((noinline)) static long deep(int n) {
  char buf[80];
  memset(buf, n, sizeof buf);
  __asm__ volatile("" : : "r"(buf) : "memory");
  return n ? deep(n - 1) + buf[79] : buf[0];
}

static void handler(int sig) {
  char local[64];
  memset(local, sig, sizeof local);
  __asm__ volatile("" : : "r"(local) : "memory");
  char *p = make_block(24);
  if (fail_now)
    ((volatile char *)p)[24] = 1;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address
  // CHECK: {{#0 0x[0-9a-f]+ in handler .*}}sigaltstack-handler.c:[[@LINE-2]]
  // CHECK: allocated by thread T0 here:
  // CHECK-NEXT: #0 {{.*}} in malloc
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in make_block .*}}sigaltstack-handler.c:19
  // CHECK-NEXT: {{#2 0x[0-9a-f]+ in handler .*}}sigaltstack-handler.c:35
  free(p);
  count++;
  if (deep(6) > 0 && count % 4 == 0) {
    jumps++;
    siglongjmp(env, 1);
  }
}

int main(void) {
  stack_t ss = {.ss_sp = malloc(1 << 16), .ss_size = 1 << 16, .ss_flags = 0};
  sigaltstack(&ss, 0);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = handler;
  sa.sa_flags = SA_ONSTACK | SA_NODEFER;
  sigaction(SIGUSR1, &sa, 0);
  long sum = 0;
  for (int i = 0; i < 40; i++) {
    if (sigsetjmp(env, 1) == 0) {
      char mine[48];
      memset(mine, i, sizeof mine);
      __asm__ volatile("" : : "r"(mine) : "memory");
      raise(SIGUSR1);
      sum += mine[47];
    }
    sum += deep(30);
  }
  fprintf(stderr, "signals %d jumps %d\n", count, jumps);
  fail_now = 1;
  raise(SIGUSR1);
  return (int)sum;
}
