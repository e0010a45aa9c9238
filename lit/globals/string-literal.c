// Reading past the end of a string literal: described, as by ASan, as a
// global defined where the literal is written (line and column, from the
// clang plugin), with its text (ASan's "is ascii string" line).
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>

__attribute__((noinline)) static char at(const char *s, int i) { return s[i]; }
// CHECK: ERROR: Sleuth: global-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
// CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in at .*}}string-literal.c:[[@LINE-3]]
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}string-literal.c:[[@LINE+8]]
// CHECK: [[ADDR]] is located 0 bytes after global variable '<string literal>' defined in '{{.*}}string-literal.c:19:19' ({{0x[0-9a-f]+}}) of size 6
// CHECK-NEXT: '<string literal>' is ascii string 'hello'
// CHECK: SUMMARY: Sleuth: global-buffer-overflow {{.*}}string-literal.c:[[@LINE-7]]:{{[0-9]+}} in at

int main(int argc, char **argv) {
  (void)argv;
  const char *s = "hello";
  char c = at(s, argc + 5);
  printf("%d\n", c);
  return 0;
}
