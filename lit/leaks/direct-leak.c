// A block whose only pointer is dropped is definitely lost: one Direct
// record with its size and allocation line, the LEAK SUMMARY and SUMMARY
// lines, and exit status 1 (direct is in leak_kinds_fail by default).
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) static void leak(void) {
  char *volatile p = malloc(40);
  memset(p, 1, 40);
  p = 0;
}

// Overwrites the dead stack below main, where leak()'s frame was.
__attribute__((noinline)) static void scrub(void) {
  volatile char buf[8192];
  memset((char *)buf, 0, sizeof buf);
  __asm__ volatile("" : : "r"(buf) : "memory"); // keep the memset
}

int main(void) {
  leak();
  scrub();
  return 0;
}
// CHECK: ==[[PID:[0-9]+]]==ERROR: Sleuth: detected memory leaks
// CHECK-EMPTY:
// CHECK-NEXT: Direct leak of 40 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in leak .*}}direct-leak.c:10
// CHECK: LEAK SUMMARY:
// CHECK-NEXT: definitely lost: 40 bytes in 1 blocks
// CHECK-NEXT: indirectly lost: 0 bytes in 0 blocks
// CHECK-NEXT: possibly lost: 0 bytes in 0 blocks
// CHECK-NEXT: still reachable: {{[0-9,]+}} bytes in {{[0-9]+}} blocks
// CHECK-NEXT: SUMMARY: Sleuth: 40 byte(s) leaked in 1 allocation(s).
