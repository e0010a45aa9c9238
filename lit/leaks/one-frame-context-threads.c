// With malloc_context_size=0 or 1 (one frame per allocation stack, a
// common setting for speed) joined threads are no leak: glibc keeps a
// joined thread's stack for reuse, and its DTV (lsan-ld-allocations.c), calloc'ed by the dynamic
// loader, is reachable only from there. The leak scan keeps blocks the
// loader allocated as roots, which it knows by their caller in ld.so; that
// caller is kept for them even when the stack is cut to one frame. A real
// leak is still reported, with its one frame.
// RUN: %sleuth_cc -O1 %s -o %t -lpthread
// RUN: env SLEUTH_OPTIONS=malloc_context_size=0 %run %t 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: env SLEUTH_OPTIONS=malloc_context_size=1 %run %t 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: env SLEUTH_OPTIONS=malloc_context_size=0 not %run %t leak 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: %clang -O1 -g %s -o %t.plain -lpthread
// RUN: env SLEUTH_OPTIONS=malloc_context_size=0 %sleuth_run %t.plain 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: env SLEUTH_OPTIONS=malloc_context_size=1 not %sleuth_run %t.plain leak 2>&1 | FileCheck %s --check-prefix=LEAK
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *work(void *arg) {
  char *p = malloc(100);
  memset(p, (int)(long)arg, 100);
  int sum = p[7];
  free(p);
  return (void *)(long)sum;
}

__attribute__((noinline)) static void leak(void) {
  char *volatile p = malloc(24);
  memset(p, 1, 24);
  p = 0;
}

// Overwrites the dead stack below main, where leak()'s frame was.
__attribute__((noinline)) static void scrub(void) {
  volatile char buf[8192];
  memset((char *)buf, 0, sizeof buf);
  __asm__ volatile("" : : "r"(buf) : "memory"); // keep the memset
}

int main(int argc, char **argv) {
  pthread_t t[4];
  for (long i = 0; i < 4; i++)
    pthread_create(&t[i], 0, work, (void *)i);
  long sum = 0;
  for (int i = 0; i < 4; i++) {
    void *r;
    pthread_join(t[i], &r);
    sum += (long)r;
  }
  if (argc > 1 && !strcmp(argv[1], "leak")) {
    leak();
    scrub();
  }
  printf("joined, sum %ld\n", sum);
  return 0;
}
// CLEAN: joined, sum 6
// CLEAN-NOT: Sleuth
// LEAK: joined, sum 6
// LEAK: ERROR: Sleuth: detected memory leaks
// LEAK-EMPTY:
// LEAK-NEXT: Direct leak of 24 byte(s) in 1 object(s) allocated from:
// LEAK-NEXT: #0 {{.*}} in malloc
// LEAK-EMPTY:
// LEAK-NOT: leak of
// LEAK: SUMMARY: Sleuth: 24 byte(s) leaked in 1 allocation(s).
