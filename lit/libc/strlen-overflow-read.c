// strlen of a block with no NUL reads past its end.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *s = (char *)malloc(13);
  memset(s, 'z', 13);
  __asm__ volatile("" : : "r"(s) : "memory");
  size_t n = strlen(s);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size {{[0-9]+}} at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in strlen }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strlen-overflow-read.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after 13-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strlen-overflow-read.c:[[@LINE-11]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in strlen
  free(s);
  return (int)n;
}
