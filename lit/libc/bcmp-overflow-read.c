// memcmp(...) == 0 becomes a call to bcmp at -O2; bcmp is checked as
// memcmp is (at -O0 the call stays memcmp).
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *a = (char *)malloc(20);
  char *b = (char *)malloc(20);
  memset(a, 'x', 20);
  memset(b, 'x', 20);
  int same = memcmp(a, b, 20 + argc) == 0;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 21 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in (memcmp|bcmp) }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}bcmp-overflow-read.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after 20-byte region
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in {{memcmp|bcmp}}
  free(a);
  free(b);
  return same;
}
