// While another thread holds the only pointer to a block (on its stack or
// in a register) and sleeps, an on-demand scan stops it, scans its stack
// and registers, and reports nothing. Once that thread dropped the pointer
// and exited, the block is a direct leak (and the exit scan makes the
// exit status 1).
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <pthread.h>
#include <sleuth/sleuth.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile int ready, done;

static void *holder(void *arg) {
  (void)arg;
  char *volatile p = malloc(77);
  memset(p, 7, 77);
  ready = 1;
  while (!done)
    usleep(1000);
  p = 0;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, holder, 0);
  while (!ready)
    usleep(1000);
  size_t leaked = sleuth_leak_check();
  fprintf(stderr, "while held: %zu\n", leaked);
  // CHECK-NOT: leak of
  // CHECK: while held: 0
  done = 1;
  pthread_join(t, 0);
  leaked = sleuth_leak_check();
  fprintf(stderr, "after exit: %zu\n", leaked);
  // CHECK: Direct leak of 77 byte(s) in 1 object(s) allocated from:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in holder .*}}other-thread-stack.c:19
  // CHECK: after exit: 77
  return 0;
}
