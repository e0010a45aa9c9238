// An overflow found by a libc interceptor (strcpy) and one found by the
// checked mem intrinsic: frame #0 is the runtime's function and #1 the
// program's call, and the SUMMARY names the function with its module and
// offset, as ASan's does, never a line of Sleuth's own sources.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not %run %t 2>&1 | FileCheck %s --check-prefix=STRCPY
// RUN: not %run %t memset 2>&1 | FileCheck %s --check-prefix=MEMSET
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *d = malloc(4);
  volatile size_t n = 6;
  if (argc > 1)
    memset(d, 'x', n);
  // MEMSET: ERROR: Sleuth: heap-buffer-overflow on address [[A:0x[0-9a-f]+]] at pc
  // MEMSET-NEXT: WRITE of size 6 at [[A]] thread T0
  // MEMSET-NEXT: #0 0x{{[0-9a-f]+}} in __sleuth_memset
  // MEMSET-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}summary-in-interceptor.c:[[@LINE-4]]
  // MEMSET: SUMMARY: Sleuth: heap-buffer-overflow ({{.*}}summary-in-interceptor.c.tmp+0x{{[0-9a-f]+}}) in __sleuth_memset{{$}}
  strcpy(d, "hello");
  // STRCPY: ERROR: Sleuth: heap-buffer-overflow on address [[A:0x[0-9a-f]+]] at pc
  // STRCPY-NEXT: WRITE of size 6 at [[A]] thread T0
  // STRCPY-NEXT: #0 0x{{[0-9a-f]+}} in strcpy
  // STRCPY-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}summary-in-interceptor.c:[[@LINE-4]]
  // STRCPY: SUMMARY: Sleuth: heap-buffer-overflow ({{.*}}summary-in-interceptor.c.tmp+0x{{[0-9a-f]+}}) in strcpy{{$}}
  free(d);
  return 0;
}
