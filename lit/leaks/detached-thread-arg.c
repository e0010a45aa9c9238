// A block handed to a new thread as its start argument is not leaked while
// that thread has not started yet: pthread_create's argument is a root
// until the thread runs (and then its own stack holds it). Many detached
// threads are created and the scan runs right away, so some have not
// started. Once a thread drops its block without freeing it, that block is
// a direct leak, reported with main's allocation line.
// RUN: %sleuth_cc -O0 %s -o %t -lpthread && %run %t 2>&1 | count 0
// RUN: not %run %t forget 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t -lpthread && %run %t 2>&1 | count 0
#include <pthread.h>
#include <sleuth/sleuth.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { ROUNDS = 10, THREADS = 8 };
static volatile int go, finished, forget;

static void *worker(void *arg) {
  while (!go)
    usleep(100);
  if (forget && __atomic_fetch_add(&forget, -1, __ATOMIC_RELAXED) == 1)
    arg = 0; // this one leaks
  free(arg);
  __atomic_fetch_add(&finished, 1, __ATOMIC_RELAXED);
  return 0;
}

int main(int argc, char **argv) {
  forget = argc > 1 && !strcmp(argv[1], "forget");
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  for (int r = 0; r < ROUNDS; r++) {
    for (int i = 0; i < THREADS; i++) {
      char *request = malloc(96); // handed to the thread
      memset(request, i, 96);
      pthread_t t;
      pthread_create(&t, &attr, worker, request);
    }
    sleuth_leak_check(); // prints nothing: every request is held
  }
  go = 1;
  while (__atomic_load_n(&finished, __ATOMIC_RELAXED) < ROUNDS * THREADS)
    usleep(1000);
  return 0;
}
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK-EMPTY:
// CHECK-NEXT: Direct leak of 96 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}detached-thread-arg.c:36
// CHECK-NOT: Direct leak
// CHECK: definitely lost: 96 bytes in 1 blocks
