// Threads with small stacks start, allocate and report like any other:
// the runtime keeps its per-thread state out of static TLS, which glibc
// carves out of each thread's stack (a 48 KiB TLS block made
// pthread_create fail with EINVAL below ~52 KiB and crash at ~56 KiB).
// Without arguments the three threads run clean, one after another; with
// an argument k only thread k runs and writes one int past its block.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: not %run %t 0 2>&1 | FileCheck %s --check-prefixes=CHECK,S0
// RUN: not %run %t 1 2>&1 | FileCheck %s --check-prefixes=CHECK,S1
// RUN: not %run %t 2 2>&1 | FileCheck %s --check-prefixes=CHECK,S2
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
// RUN: not %run %t 0 2>&1 | FileCheck %s --check-prefixes=CHECK,S0
// RUN: not %run %t 2 2>&1 | FileCheck %s --check-prefixes=CHECK,S2
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int bad;

static void *worker(void *arg) {
  size_t n = (size_t)arg;
  // Enough churn to fill the thread's allocator and stack-depot caches.
  void *keep[64];
  for (int round = 0; round < 200; round++)
    for (int i = 0; i < 64; i++) {
      if (round)
        free(keep[i]);
      keep[i] = malloc(1 + (size_t)(i * 7 + round) % 200);
      memset(keep[i], i, 1);
    }
  for (int i = 0; i < 64; i++)
    free(keep[i]);
  int *v = (int *)malloc(n * sizeof(int));
  v[n - 1 + bad] = 1;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[A:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 4 at [[A]] thread T1
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in worker .*}}small-stacks.c:[[@LINE-3]]
  // S0: [[A]] is located 0 bytes after 12-byte region
  // S1: [[A]] is located 0 bytes after 20-byte region
  // S2: [[A]] is located 0 bytes after 28-byte region
  // CHECK-NEXT: allocated by thread T1 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in worker .*}}small-stacks.c:[[@LINE-10]]
  // CHECK: Thread T1 created by T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in pthread_create}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}small-stacks.c:[[@LINE+18]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}small-stacks.c:[[@LINE-13]]:{{[0-9]+}} in worker
  __asm__ volatile("" : : "r"(v) : "memory"); // keeps the store at -O2
  free(v);
  return NULL;
}

int main(int argc, char **argv) {
  int only = argc > 1 ? atoi(argv[1]) : -1;
  bad = only >= 0;
  const size_t stacks[3] = {PTHREAD_STACK_MIN, 32 << 10, 64 << 10};
  for (int i = 0; i < 3; i++) {
    if (only >= 0 && i != only)
      continue;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, stacks[i]);
    pthread_t t;
    int err = pthread_create(&t, &attr, worker, (void *)(size_t)(3 + 2 * i));
    if (err) {
      printf("pthread_create with a %zu-byte stack: error %d\n", stacks[i], err);
      return 1;
    }
    pthread_join(t, NULL);
    pthread_attr_destroy(&attr);
  }
  return 0;
}
