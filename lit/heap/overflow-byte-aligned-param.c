// Byte accesses at constant offsets from a parameter declared 16-aligned
// (align_value) take their shadow from the base's and their offset in the
// granule from the constant (pass/AccessInstrumenter.cpp, alignedSpan):
// the partial-granule test still tells p[12] (the last byte of a 13-byte
// block) from p[13] (the first past it), and p[-1] is an underflow.
// RUN: %sleuth_cc -O1 %s -o %t1 && not %run %t1 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t2 && not %run %t2 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t2 2>&1 | FileCheck %s --check-prefix=CONT
#include <stdio.h>
#include <stdlib.h>

typedef char *__attribute__((align_value(16))) aligned_ptr;

__attribute__((noinline)) void touch(aligned_ptr p) {
  p[12] = 1;
  p[13] = 2;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in touch .*}}overflow-byte-aligned-param.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after 13-byte region
  // CONT: WRITE of size 1 at
  // CONT-NEXT: {{#0 0x[0-9a-f]+ in touch .*}}overflow-byte-aligned-param.c:[[@LINE-6]]
  p[-1] = 3;
  // CONT: ERROR: Sleuth: heap-buffer-overflow on address
  // CONT-NEXT: WRITE of size 1 at
  // CONT-NEXT: {{#0 0x[0-9a-f]+ in touch .*}}overflow-byte-aligned-param.c:[[@LINE-3]]
  // CONT: is located 1 bytes before 13-byte region
  // CONT-NOT: ERROR: Sleuth
  // CONT: touched
}

int main(void) {
  char *p = (char *)malloc(13);
  touch(p);
  printf("touched %d\n", p[12]);
  free(p);
  return 0;
}
