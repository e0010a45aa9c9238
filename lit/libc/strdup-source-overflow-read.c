// strdup of a block that holds no NUL reads its source past the end.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *s = (char *)malloc(24);
  memset(s, 'd', 24);
  __asm__ volatile("" : : "r"(s) : "memory");
  char *copy = strdup(s);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size {{[0-9]+}} at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in strdup }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strdup-source-overflow-read.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after 24-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strdup-source-overflow-read.c:[[@LINE-11]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in strdup
  __asm__ volatile("" : : "r"(copy) : "memory"); // keeps the strdup at -O2
  free(copy);
  free(s);
  return 0;
}
