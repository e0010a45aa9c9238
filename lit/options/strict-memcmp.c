// memcmp and bcmp over 8 bytes of a 4-byte block whose first byte already
// differs: with strict_memcmp=1 (the default, as ASan's) both ranges are
// read in full, a READ of size 8; with strict_memcmp=0 only up to the
// first difference, so nothing is reported.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not %run %t memcmp 2>&1 | FileCheck %s -DFN=memcmp
// RUN: not %run %t bcmp 2>&1 | FileCheck %s -DFN=bcmp
// RUN: env SLEUTH_OPTIONS=strict_memcmp=0 %run %t memcmp 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=strict_memcmp=0 %run %t bcmp 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: not %run %t memcmp 2>&1 | FileCheck %s -DFN=memcmp
// RUN: not %run %t bcmp 2>&1 | FileCheck %s -DFN=bcmp
// RUN: env SLEUTH_OPTIONS=strict_memcmp=0 %run %t memcmp 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=strict_memcmp=0 %run %t bcmp 2>&1 | count 0
#include <stdlib.h>
#include <string.h>

// CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
// CHECK-NEXT: READ of size 8 at [[ADDR]] thread T0
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in }}[[FN]] {{.*}}interceptors_string.c

int (*volatile cmp)(const void *, const void *, size_t);
int bcmp(const void *, const void *, size_t);

int main(int argc, char **argv) {
  (void)argc;
  char *small = (char *)malloc(4);
  char *big = (char *)malloc(8);
  memset(small, 1, 4);
  memset(big, 2, 8);
  cmp = strcmp(argv[1], "bcmp") == 0 ? bcmp : memcmp;
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strict-memcmp.c:[[@LINE+1]]
  int r = cmp(small, big, 8);
  // CHECK: [[ADDR]] is located 0 bytes after 4-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strict-memcmp.c:[[@LINE-10]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in [[FN]]
  free(small);
  free(big);
  return r == 0;
}
