// A block freed by thread T1 and then read by the main thread: "freed by
// thread T1", and where T1 was created.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static void *release(void *arg) {
  free(arg);
  return NULL;
}

int main(int argc, char **argv) {
  char *p = (char *)malloc(16);
  memset(p, 1, 16);
  pthread_t t;
  pthread_create(&t, NULL, release, p);
  pthread_join(t, NULL);
  int r = p[argc];
  // CHECK: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}uaf-freed-by-other-thread.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 1 bytes inside of 16-byte region
  // CHECK-NEXT: freed by thread T1 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in free}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in release .*}}uaf-freed-by-other-thread.c:[[@LINE-17]]
  // CHECK: previously allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}uaf-freed-by-other-thread.c:[[@LINE-15]]
  // CHECK: Thread T1 created by T0 here:
  // CHECK: {{#[0-9] 0x[0-9a-f]+ in pthread_create}}
  // CHECK-NEXT: {{#[0-9] 0x[0-9a-f]+ in main .*}}uaf-freed-by-other-thread.c:[[@LINE-15]]
  // CHECK: SUMMARY: Sleuth: heap-use-after-free {{.*}}uaf-freed-by-other-thread.c:[[@LINE-14]]:{{[0-9]+}} in main
  return r;
}
