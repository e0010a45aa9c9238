// sscanf's %s stores the whole word that arrived: "alice" (6 bytes with
// its NUL) into a 4-byte block is reported from sscanf, after the %d
// before it was stored within its int. Built both ways glibc routes the
// call: the GNU entry point (gnu89 with _GNU_SOURCE) and __isoc99_sscanf
// (C99 and later, the default).
// RUN: %sleuth_cc -O0 -std=gnu89 -D_GNU_SOURCE %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s --check-prefix=ISOC
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int *age = (int *)malloc(sizeof *age);
  char *name = (char *)malloc(4);
  int n = sscanf("42 alice", "%d %s", age, name);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 6 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in sscanf }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}sscanf-overflow-write.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after 4-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}sscanf-overflow-write.c:[[@LINE-9]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in sscanf
  // ISOC: WRITE of size 6 at
  // ISOC-NEXT: {{#0 0x[0-9a-f]+ in __isoc99_sscanf }}
  // ISOC-NEXT: {{#1 0x[0-9a-f]+ in main .*}}sscanf-overflow-write.c:[[@LINE-12]]
  free(name), free(age);
  return n;
}
