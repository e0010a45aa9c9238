// The profiler's service thread stays out of the program's way: with the
// leak checker on, a clean threaded program prints nothing (the thread is
// not stopped, scanned or listed by the leak scan, and the blocks glibc
// allocated to create it are not leaks), a leak is reported as without
// profiling, and a program whose main thread leaves through pthread_exit
// still ends when its last thread does, with the exit dump written.
// RUN: %sleuth_cc -O1 %s -o %t -lpthread
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_prefix=%t.d/p %run %t clean 2>&1 | FileCheck %s --allow-empty --check-prefix=CLEAN
// CLEAN-NOT: {{.}}
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_prefix=%t.d/p not %run %t leak 2>&1 | FileCheck %s --check-prefix=LEAK
// LEAK-NOT: WARNING
// LEAK: Direct leak of 24 byte(s) in 1 object(s) allocated from:
// LEAK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// LEAK-NEXT: {{#1 0x[0-9a-f]+ in lose .*service-thread-invisible.c:}}[[@LINE+13]]
// LEAK-NOT: leak of
// LEAK: SUMMARY: Sleuth: 24 byte(s) leaked in 1 allocation(s).
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_prefix=%t.d/p %run %t pthread_exit
// RUN: ls %t.d | FileCheck %s --check-prefix=PEXIT
// PEXIT: p.{{[0-9]+}}.0.heap
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

__attribute__((noinline)) static void lose(void) {
  char *volatile p = malloc(24);
  memset(p, 1, 24);
  p = 0;
}

__attribute__((noinline)) static void scrub(void) {
  volatile char buf[8192];
  memset((char *)buf, 0, sizeof buf);
  __asm__ volatile("" : : "r"(buf) : "memory");
}

static void *worker(void *arg) {
  void *p = malloc(100);
  usleep(50000);
  free(p);
  return arg;
}

int main(int argc, char **argv) {
  (void)argc;
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create(&t[i], 0, worker, 0);
  if (!strcmp(argv[1], "pthread_exit"))
    pthread_exit(0);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], 0);
  if (!strcmp(argv[1], "leak")) {
    lose();
    scrub();
  }
  return 0;
}
