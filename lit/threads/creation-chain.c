// A report from a thread created by a thread created by main shows the
// whole creation chain, as ASan does: where T2 was created (in T1), then
// where T1 was created (in T0). T1 has exited by the time of the report.
// Without an argument the grandchild stays in bounds and nothing is printed.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: not %run %t bad 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
// RUN: not %run %t bad 2>&1 | FileCheck %s
#include <pthread.h>
#include <stdlib.h>

static int bad;

static void *grandchild(void *arg) {
  char *p = (char *)arg;
  p[16 + bad] = 1;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 1 at [[ADDR]] thread T2
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in grandchild .*}}creation-chain.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after 17-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}creation-chain.c:[[@LINE+21]]
  // CHECK: Thread T2 created by T1 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in pthread_create}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in child .*}}creation-chain.c:[[@LINE+12]]
  // CHECK: Thread T1 created by T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in pthread_create}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}creation-chain.c:[[@LINE+18]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}creation-chain.c:[[@LINE-14]]:{{[0-9]+}} in grandchild
  __asm__ volatile("" : : "r"(p) : "memory"); // keeps the store at -O2
  return NULL;
}

static pthread_t grandchild_thread;

static void *child(void *arg) {
  pthread_create(&grandchild_thread, NULL, grandchild, arg);
  return NULL;
}

int main(int argc, char **argv) {
  bad = argc > 1;
  char *p = (char *)malloc(17);
  pthread_t t;
  // T1 exits before T2 is joined: its record must outlive it.
  pthread_create(&t, NULL, child, p);
  pthread_join(t, NULL);
  pthread_join(grandchild_thread, NULL);
  free(p);
  return 0;
}
