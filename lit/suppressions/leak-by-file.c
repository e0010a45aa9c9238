// A leak:PATTERN rule matching the source file of a frame (by its last
// path component or by a `*` glob on the whole path) suppresses the leak;
// when every leak is suppressed only the summary block is printed and the
// exit status is 0.
// RUN: printf 'leak:leak-by-file.c\n' > %t.supp
// RUN: printf 'leak:*/suppressions/leak-by-*.c\n' > %t2.supp
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=suppressions=%t.supp %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=suppressions=%t2.supp %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: env SLEUTH_OPTIONS=suppressions=%t.supp %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) static void leak(void) {
  char *volatile p = malloc(64);
  memset(p, 1, 64);
  p = 0;
}

__attribute__((noinline)) static void scrub(void) {
  volatile char buf[8192];
  memset((char *)buf, 0, sizeof buf);
  __asm__ volatile("" : : "r"(buf) : "memory");
}

int main(void) {
  leak();
  scrub();
  return 0;
}
// CHECK-NOT: detected memory leaks
// CHECK-NOT: Direct leak
// CHECK: LEAK SUMMARY:
// CHECK-NEXT: definitely lost: 0 bytes in 0 blocks
// CHECK: {{^        suppressed: 64 bytes in 1 blocks$}}
// CHECK-NEXT: SUMMARY: Sleuth: 0 byte(s) leaked in 0 allocation(s).
