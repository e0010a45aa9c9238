// strndup copies at most n bytes plus the terminator: a write at index n+1
// is past the end of its block.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *s = strndup("hello, world", 5);
  s[argc + 5] = '!';
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}strndup-overflow.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after 6-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in strndup}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strndup-overflow.c:[[@LINE-8]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}strndup-overflow.c:[[@LINE-8]]:{{[0-9]+}} in main
  __asm__ volatile("" : : "r"(s) : "memory"); // keeps the store at -O2
  free(s);
  return 0;
}
