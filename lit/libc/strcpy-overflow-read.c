// strcpy from a block that holds no NUL: the source is read past its end.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *src = (char *)malloc(8);
  memset(src, 'a', 8);
  char dst[256];
  strcpy(dst, src);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size {{[0-9]+}} at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in strcpy }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strcpy-overflow-read.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after 8-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strcpy-overflow-read.c:[[@LINE-11]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in strcpy
  __asm__ volatile("" : : "r"(dst) : "memory");
  free(src);
  return 0;
}
