// The creation stack of a thread has the same shape as an allocation
// stack: #0 is pthread_create, #1 the line that called it, and no frame of
// the runtime's own helpers.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <pthread.h>
#include <stdlib.h>

static void *worker(void *arg) {
  char *p = (char *)arg;
  p[8] = 1;
  __asm__ volatile("" : : "r"(p) : "memory"); // keeps the store at -O2
  return NULL;
}

int main(int argc, char **argv) {
  char *p = (char *)malloc(8);
  pthread_t t;
  pthread_create(&t, NULL, worker, p);
  pthread_join(t, NULL);
  free(p);
  return 0;
}
// CHECK: Thread T1 created by T0 here:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in pthread_create}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}thread-create-stack.c:[[@LINE-7]]
