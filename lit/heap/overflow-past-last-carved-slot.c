// A write just past a block in the last slot carved so far: the slot after
// it is not carved yet, and uncarved heap memory's shadow reads 0, so the
// granule past each carve is poisoned as the next slot's left redzone.
// 65536 blocks of 48 bytes fill 64-byte slots carved 128 at a time: the
// last block ends where the class's carved memory ends.
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>

enum { N = 65536 };
static char *blocks[N];

int main(void) {
  for (int i = 0; i < N; i++)
    blocks[i] = malloc(48);
  char *last = blocks[N - 1];
  last[48] = 1;
  __asm__ volatile("" : : "r"(last) : "memory"); // keeps the store
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}overflow-past-last-carved-slot.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after 48-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-past-last-carved-slot.c:[[@LINE-10]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-past-last-carved-slot.c:[[@LINE-9]]:{{[0-9]+}} in main
  for (int i = 0; i < N; i++)
    free(blocks[i]);
  return 0;
}
