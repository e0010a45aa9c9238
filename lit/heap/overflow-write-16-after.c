// A 16-byte vector store whose second half lies past the end of a 24-byte
// block: the first of the two shadow bytes is clean, the second is not.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>

typedef int v4si __attribute__((vector_size(16)));

int main(int argc, char **argv) {
  char *p = (char *)malloc(24);
  v4si v = {argc, 2, 3, 4};
  *(v4si *)(p + 16 * argc) = v;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 16 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}overflow-write-16-after.c:[[@LINE-3]]
  // CHECK: is located 0 bytes after 24-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-write-16-after.c:[[@LINE-9]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-write-16-after.c:[[@LINE-8]]:{{[0-9]+}} in main
  __asm__ volatile("" : : "r"(p) : "memory"); // keeps the store at -O2
  free(p);
  return 0;
}
