// A 3-byte load (_BitInt(24), an i24 in IR) whose last byte is past the end
// of an 8-byte block. Odd sizes are checked at their first and last byte.
// Newer clang (22 here) stores _BitInt(24) in 4 bytes, so this is an odd
// size only with clang 14; overflow-read-10-long-double.c covers the rest.
// REQUIRES: llvm-14
// At -O2, LLVM 22 widens the i24 load to an i32 one (ASan then reports
// size 4 as well), so only -O0 pins the size.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,O0
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,O2
#include <stdlib.h>
#include <string.h>

typedef unsigned _BitInt(24) u24 __attribute__((aligned(1)));

int main(int argc, char **argv) {
  char *p = (char *)malloc(8);
  memset(p, 1, 8);
  u24 v = *(u24 *)(p + 5 + argc);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // O0-NEXT: READ of size 3 at [[ADDR]] thread T0
  // O2-NEXT: READ of size {{3|4}} at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}overflow-read-3-odd-size.c:[[@LINE-4]]
  // CHECK: is located 0 bytes after 8-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-read-3-odd-size.c:[[@LINE-10]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-read-3-odd-size.c:[[@LINE-9]]:{{[0-9]+}} in main
  free(p);
  return (int)v;
}
