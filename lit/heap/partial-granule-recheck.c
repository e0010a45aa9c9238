// 4-byte, unaligned and odd-sized accesses in the last, partial granule of a
// 13-byte block (5 addressable bytes). Their inline check only tests whether
// the shadow byte is zero; the report function (abi.h, v6) then makes the
// partial-granule test itself. In-bounds accesses there must report
// nothing; the ones reaching past the end report their own size and line,
// and with halt_on_error=0 the program runs on.
// RUN: %sleuth_cc -O0 %s -o %t && env SLEUTH_OPTIONS=halt_on_error=0 not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && env SLEUTH_OPTIONS=halt_on_error=0 not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && env SLEUTH_OPTIONS=halt_on_error=0 not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) static int read4(const int *q) { return *q; }
__attribute__((noinline)) static void write4(int *q, int v) { *q = v; }
__attribute__((noinline)) static int read4u(const char *q) {
  struct __attribute__((packed)) unaligned { int v; };
  int v = ((const struct unaligned *)q)->v; // an unaligned 4-byte load
  return v;
}
__attribute__((noinline)) static void write2(short *q) { *q = 2; }

int main(void) {
  char *p = (char *)malloc(13);
  memset(p, 0, 13);
  // In bounds, all inside the partial granule [8, 13): nothing reported.
  write4((int *)(p + 8), 7);
  write2((short *)(p + 10));
  int in = read4((int *)(p + 8)) + read4u(p + 9);
  fprintf(stderr, "in bounds %d\n", in);
  // CHECK-NOT: ERROR
  // CHECK: in bounds

  write4((int *)(p + 12), 1); // bytes 12..15: 13..15 are outside
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[A1:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 4 at [[A1]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in write4 .*}}partial-granule-recheck.c:15
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}partial-granule-recheck.c:[[@LINE-4]]
  // CHECK: is located 0 bytes after 13-byte region
  int u = read4u(p + 10); // bytes 10..13: 13 is outside
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[A2:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[A2]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in read4u .*}}partial-granule-recheck.c:18
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}partial-granule-recheck.c:[[@LINE-4]]
  // CHECK: is located 0 bytes after 13-byte region
  int r = read4((int *)(p + 12));
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[A3:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[A3]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in read4 .*}}partial-granule-recheck.c:14
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}partial-granule-recheck.c:[[@LINE-4]]
  fprintf(stderr, "after %d %d\n", u, r);
  // CHECK: after
  // CHECK-NOT: ERROR
  free(p);
  return 0;
}
