// A write just before a block that is never freed: found at exit, when the
// redzones of the live blocks are checked, with the allocation stack.
// RUN: %clang -O2 -g -fomit-frame-pointer %s -o %t
// RUN: env SLEUTH_OPTIONS=guard_pages=0 not %sleuth_run %t 2>&1 | FileCheck %s
#include <stdlib.h>

char *volatile keep;

int main(int argc, char **argv) {
  (void)argv;
  keep = malloc(100);
  keep[-argc] = 1; // one byte before the block
  return 0;
}
// CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]], detected at exit
// CHECK: [[ADDR]] is located 1 bytes before 100-byte region
// CHECK-NEXT: allocated by thread T0 here:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in main {{.*}}underflow-detected-at-exit.c:11
// CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}underflow-detected-at-exit.c:11
