// libc's memcpy (called through a pointer, so the compiler cannot make it
// an intrinsic) with overlapping source and destination.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

void *(*volatile copy)(void *, const void *, size_t) = memcpy;

int main(int argc, char **argv) {
  char *buf = (char *)malloc(32);
  memset(buf, 'o', 32);
  copy(buf + 4, buf, 16);
  // CHECK: ERROR: Sleuth: memcpy-param-overlap: memory ranges [[[DST:0x[0-9a-f]+]],{{0x[0-9a-f]+}}) and [{{0x[0-9a-f]+}}, {{0x[0-9a-f]+}}) overlap
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in memcpy }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}memcpy-param-overlap.c:[[@LINE-3]]
  // CHECK: SUMMARY: Sleuth: memcpy-param-overlap {{.*}} in memcpy
  free(buf);
  return 0;
}
