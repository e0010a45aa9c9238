// memcpy into a local array one byte too many: the checked memcpy reports
// the variable.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  (void)argv;
  char src[32] = "0123456789abcdef0123456789abcde";
  char dst[16];
  __asm__ volatile("" : : "r"(src) : "memory");
  memcpy(dst, src, 16 + (size_t)argc);
  __asm__ volatile("" : : "r"(dst) : "memory");
  // CHECK: ERROR: Sleuth: stack-buffer-overflow on address
  // CHECK: WRITE of size 17 at
  // CHECK: This frame has 2 object(s):
  // CHECK: 'dst' (line 11) <== Memory access at offset {{[0-9]+}} overflows this variable
  printf("%c\n", dst[0]);
  return 0;
}
