// A pointer kept only in a __thread variable is a root (static TLS), in
// the main thread and in another thread: no leak while it is there.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
#include <pthread.h>
#include <sleuth/sleuth.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static __thread char *tls_buf;
static volatile int ready, done;

static void *worker(void *arg) {
  (void)arg;
  tls_buf = malloc(55);
  ready = 1;
  while (!done)
    usleep(1000);
  free(tls_buf);
  return 0;
}

int main(void) {
  tls_buf = malloc(33);
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  while (!ready)
    usleep(1000);
  fprintf(stderr, "leaked: %zu\n", sleuth_leak_check());
  // CHECK-NOT: leak of
  // CHECK: leaked: 0
  done = 1;
  pthread_join(t, 0);
  free(tls_buf);
  return 0;
}
