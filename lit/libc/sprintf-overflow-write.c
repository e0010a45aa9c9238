// sprintf's output is measured before it is written: 10 bytes ("12345-abc"
// and the NUL) into an 8-byte block is reported before libc writes them.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  char *dst = (char *)malloc(8);
  sprintf(dst, "%d-%s", 12344 + argc, "abc");
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 10 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in sprintf }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}sprintf-overflow-write.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after 8-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}sprintf-overflow-write.c:[[@LINE-9]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in sprintf
  __asm__ volatile("" : : "r"(dst) : "memory");
  free(dst);
  return 0;
}
