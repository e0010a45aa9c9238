// Threads that were created and joined leave no false leak: the thread
// vector ld.so calloc()s for each thread is referenced after the join only
// from glibc's stack cache, and counts as reachable (allocated by the
// dynamic loader). The program is silent and exits 0.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
#include <pthread.h>
#include <stdlib.h>

static void *work(void *arg) {
  void *p = malloc(100 + (size_t)arg);
  free(p);
  return 0;
}

int main(void) {
  for (long round = 0; round < 3; round++) {
    pthread_t t[4];
    for (long i = 0; i < 4; i++)
      pthread_create(&t[i], 0, work, (void *)i);
    for (int i = 0; i < 4; i++)
      pthread_join(t[i], 0);
  }
  return 0;
}
