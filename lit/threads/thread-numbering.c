// Threads are numbered in creation order: the error in the third thread
// created (by T2, itself created by T1) is in T3, and the report names
// where T3 was created.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <pthread.h>
#include <stdlib.h>

static char *block;

static void *spawn(void *arg) {
  long depth = (long)arg;
  if (depth == 3) {
    block[8] = 1;
    __asm__ volatile("" : : "r"(block) : "memory");
    return NULL;
  }
  pthread_t t;
  pthread_create(&t, NULL, spawn, (void *)(depth + 1)); // nested
  pthread_join(t, NULL);
  return NULL;
}

int main(int argc, char **argv) {
  block = (char *)malloc(8);
  pthread_t t;
  pthread_create(&t, NULL, spawn, (void *)1L);
  pthread_join(t, NULL);
  free(block);
  return 0;
}
// CHECK: ERROR: Sleuth: heap-buffer-overflow
// CHECK-NEXT: WRITE of size 1 at {{.*}} thread T3
// CHECK: Thread T3 created by T2 here:
// CHECK: {{#[0-9] 0x[0-9a-f]+ in pthread_create}}
// CHECK-NEXT: {{#[0-9] 0x[0-9a-f]+ in spawn .*}}thread-numbering.c:[[@LINE-17]]
