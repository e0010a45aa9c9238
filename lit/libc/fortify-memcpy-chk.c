// With -D_FORTIFY_SOURCE=2 a copy of unknown size into a block of known
// size calls glibc's __memcpy_chk; Sleuth reports the overflow before
// glibc's own check would stop the program. Frame #1 is glibc's inline
// fortify wrapper, frame #2 the call.
// RUN: %sleuth_cc -O2 -D_FORTIFY_SOURCE=2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

char text[64] = "0123456789abcdefghij";

int main(int argc, char **argv) {
  char *dst = (char *)malloc(10);
  memcpy(dst, text, 10 + argc);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 11 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in __memcpy_chk }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in memcpy .*}}string_fortified.h
  // CHECK-NEXT: {{#2 0x[0-9a-f]+ in main .*}}fortify-memcpy-chk.c:[[@LINE-5]]
  // CHECK: [[ADDR]] is located 0 bytes after 10-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}fortify-memcpy-chk.c:[[@LINE-10]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in __memcpy_chk
  // CHECK-NOT: buffer overflow detected
  __asm__ volatile("" : : "r"(dst) : "memory");
  free(dst);
  return 0;
}
