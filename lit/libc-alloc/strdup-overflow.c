// A read past the end of a strdup'ed string: the allocation stack shows
// strdup and, as frame #1, the line in main that called it.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *s = strdup("hello");
  int r = s[argc + 5];
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}strdup-overflow.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after 6-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in strdup}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strdup-overflow.c:[[@LINE-8]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}strdup-overflow.c:[[@LINE-8]]:{{[0-9]+}} in main
  free(s);
  return r;
}
