// A pointer one byte before a global lies in the guard in front of it (the
// redzone of the global before it, or the module's first guard): compared
// with a pointer into that global it is an invalid-pointer-pair, as when it
// lies one byte past the global's end; each of the two orders is reported.
// The global's own bytes, its end included, pair fine.
// RUN: %sleuth_cc -O0 -fsanitize=pointer-compare %s -o %t
// RUN: env SLEUTH_OPTIONS=detect_invalid_pointer_pairs=1 %run %t ok 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=detect_invalid_pointer_pairs=1:halt_on_error=0 not %run %t bad 2>&1 | FileCheck %s
// RUN: env ASAN_OPTIONS=detect_invalid_pointer_pairs=1:halt_on_error=0 not %run %t bad 2>&1 | FileCheck %s
#include <string.h>

char __attribute__((used)) before_global[5];
char small_global[7];
char __attribute__((used)) after_global[10];

__attribute__((noinline)) int greater(char *p, char *q) {
  return p > q; // line 17: frame #0 of every report
}

int main(int argc, char **argv) {
  char *p = small_global;
  int r = 0;
  if (!strcmp(argv[1], "ok")) {
    r += greater(p, p + 6);
    r += greater(p + 7, p);
    return r & 0;
  }
  r += greater(p - 1, p);
  // CHECK: ERROR: Sleuth: invalid-pointer-pair: [[A:0x[0-9a-f]+]] [[B:0x[0-9a-f]+]]
  // CHECK-NEXT: #0 0x{{[0-9a-f]+}} in greater {{.*}}compare-global-guard.c:17
  // CHECK-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}compare-global-guard.c:[[@LINE-3]]
  // CHECK: [[A]] is located 1 bytes before global variable 'small_global'
  // CHECK: [[B]] is located 0 bytes inside of global variable 'small_global'
  r += greater(p, p - 1);
  // CHECK: ERROR: Sleuth: invalid-pointer-pair: [[B]] [[A]]
  // CHECK-NEXT: #0 0x{{[0-9a-f]+}} in greater {{.*}}compare-global-guard.c:17
  // CHECK-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}compare-global-guard.c:[[@LINE-3]]
  // CHECK: SUMMARY: Sleuth: invalid-pointer-pair
  return r;
}
