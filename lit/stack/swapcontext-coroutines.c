// makecontext/swapcontext coroutines ping-ponging with the main stack,
// instrumented locals on both stacks, malloc/free and a longjmp inside the
// coroutine, a leak scan while running on the coroutine's stack, and a new
// coroutine made over the stack of one abandoned halfway: no false report.
// Then an overflow inside a coroutine is reported with the coroutine's
// frames and the allocation stack taken there.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1 not %run %t 2>&1 | FileCheck %s
// CHECK: leaked from coroutine: 0
// CHECK: rounds 50
#include <setjmp.h>
#include <sleuth/sleuth.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

#define STACK_SIZE (256 << 10)
static ucontext_t main_ctx, co_ctx;
static jmp_buf co_env;
static volatile int rounds_done, fail_now;

__attribute__((noinline)) static long work(int n) {
  char buf[100];
  memset(buf, n, sizeof buf);
  __asm__ volatile("" : : "r"(buf) : "memory");
  return n ? work(n - 1) + buf[99] : buf[0];
}

__attribute__((noinline)) static void jump_back(int n) {
  char pad[64];
  memset(pad, n, sizeof pad);
  __asm__ volatile("" : : "r"(pad) : "memory");
  if (n == 0)
    longjmp(co_env, 1);
  jump_back(n - 1);
}

__attribute__((noinline)) static char *make_block(size_t n) {
  char *p = malloc(n);
  memset(p, 0, n);
  return p;
}

static void coroutine(void) {
  for (;;) {
    long local[8];
    for (int i = 0; i < 8; i++)
      local[i] = work(10) + i;
    __asm__ volatile("" : : "r"(local) : "memory");
    char *p = make_block(40);
    if (!setjmp(co_env))
      jump_back(8);
    if (fail_now) {
      ((volatile char *)p)[40] = 1;
      // CHECK: ERROR: Sleuth: heap-buffer-overflow on address
      // CHECK: {{#0 0x[0-9a-f]+ in coroutine .*}}swapcontext-coroutines.c:[[@LINE-2]]
      // CHECK: allocated by thread T0 here:
      // CHECK-NEXT: #0 {{.*}} in malloc
      // CHECK-NEXT: {{#1 0x[0-9a-f]+ in make_block .*}}swapcontext-coroutines.c:42
      // CHECK-NEXT: {{#2 0x[0-9a-f]+ in coroutine .*}}swapcontext-coroutines.c:53
    }
    free(p);
    rounds_done++;
    swapcontext(&co_ctx, &main_ctx);
  }
}

static char *held; // holds a block only while the coroutine runs
static void scanning_coroutine(void) {
  char *local = malloc(33);
  __asm__ volatile("" : : "r"(&local) : "memory");
  printf("leaked from coroutine: %zu\n", sleuth_leak_check());
  held = local;
  work(5); // left halfway: its stack is reused below
  swapcontext(&co_ctx, &main_ctx);
}

int main(void) {
  char *stack = mmap(0, STACK_SIZE, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  getcontext(&co_ctx);
  co_ctx.uc_stack.ss_sp = stack;
  co_ctx.uc_stack.ss_size = STACK_SIZE;
  co_ctx.uc_link = &main_ctx;
  makecontext(&co_ctx, scanning_coroutine, 0);
  swapcontext(&main_ctx, &co_ctx);
  free(held);

  getcontext(&co_ctx);
  co_ctx.uc_stack.ss_sp = stack;
  co_ctx.uc_stack.ss_size = STACK_SIZE;
  co_ctx.uc_link = &main_ctx;
  makecontext(&co_ctx, coroutine, 0);
  long sum = 0;
  for (int i = 0; i < 50; i++) {
    char mine[48];
    memset(mine, i, sizeof mine);
    __asm__ volatile("" : : "r"(mine) : "memory");
    swapcontext(&main_ctx, &co_ctx);
    sum += work(12) + mine[47];
  }
  printf("rounds %d\n", rounds_done);
  fflush(stdout);
  fail_now = 1;
  swapcontext(&main_ctx, &co_ctx);
  return (int)sum;
}
