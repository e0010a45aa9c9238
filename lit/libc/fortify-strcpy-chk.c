// With -D_FORTIFY_SOURCE=2, strcpy into a block of known size is
// __strcpy_chk; Sleuth reports the overflow first (frame #1 is glibc's
// inline fortify wrapper).
// RUN: %sleuth_cc -O2 -D_FORTIFY_SOURCE=2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

char text[64] = "0123456789abcdef";

int main(int argc, char **argv) {
  char *dst = (char *)malloc(12);
  strcpy(dst, text);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 17 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in __strcpy_chk }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in strcpy .*}}string_fortified.h
  // CHECK-NEXT: {{#2 0x[0-9a-f]+ in main .*}}fortify-strcpy-chk.c:[[@LINE-5]]
  // CHECK: [[ADDR]] is located 0 bytes after 12-byte region
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in __strcpy_chk
  __asm__ volatile("" : : "r"(dst) : "memory");
  free(dst);
  return 0;
}
