// A constant-size memset (llvm.memset) one byte longer than its block. As
// for every range access, the report names the first bad byte (as ASan's
// interceptors do) with the size of the whole range.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *p = (char *)malloc(32);
  memset(p, 0xab, 33);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 33 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in __sleuth_memset}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-memset-write.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after 32-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-memset-write.c:[[@LINE-9]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow ({{.*}}+0x{{[0-9a-f]+}}) in __sleuth_memset
  __asm__ volatile("" : : "r"(p) : "memory"); // keeps the memset at -O2
  free(p);
  return 0;
}
