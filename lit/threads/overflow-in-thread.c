// An overflow in a second thread names the thread (T1) and where it was
// created; the block was allocated by the main thread.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <pthread.h>
#include <stdlib.h>

static void *worker(void *arg) {
  int *v = (int *)arg;
  v[10] = 1;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 4 at [[ADDR]] thread T1
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in worker .*}}overflow-in-thread.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after 40-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-in-thread.c:[[@LINE+10]]
  // CHECK: Thread T1 created by T0 here:
  // CHECK: {{#[0-9] 0x[0-9a-f]+ in pthread_create}}
  // CHECK-NEXT: {{#[0-9] 0x[0-9a-f]+ in main .*}}overflow-in-thread.c:[[@LINE+9]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-in-thread.c:[[@LINE-11]]:{{[0-9]+}} in worker
  __asm__ volatile("" : : "r"(v) : "memory"); // keeps the store at -O2
  return NULL;
}

int main(int argc, char **argv) {
  int *v = (int *)malloc(10 * sizeof(int));
  pthread_t t;
  pthread_create(&t, NULL, worker, v);
  pthread_join(t, NULL);
  free(v);
  return 0;
}
