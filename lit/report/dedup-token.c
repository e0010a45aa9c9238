// dedup_token_length=N prints, after the stack of an error and of each
// leak record, DEDUP_TOKEN: with the function names of its first N frames
// joined by "--", as ASan does; libFuzzer's -minimize_crash and -fork
// compare them. Off by default.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=dedup_token_length=3 not %run %t overflow 2>&1 | FileCheck %s
// RUN: env ASAN_OPTIONS=dedup_token_length=2 not %run %t overflow 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: env SLEUTH_OPTIONS=dedup_token_length=2 not %run %t leak 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: not %run %t overflow 2>&1 | FileCheck %s --check-prefix=OFF
#include <stdlib.h>
#include <string.h>

static char *volatile keep;

__attribute__((noinline)) void store_past(char *p, int i) { p[i] = 1; }
__attribute__((noinline)) void fill(int n) {
  keep = malloc(n);
  store_past(keep, n);
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "leak")) {
    keep = malloc(7);
    keep = 0;
    return 0;
  }
  fill(12);
  return 0;
}
// CHECK: ERROR: Sleuth: heap-buffer-overflow
// CHECK: #0 {{.*}} in store_past
// CHECK-NEXT: #1 {{.*}} in fill
// CHECK-NEXT: #2 {{.*}} in main
// CHECK: {{^}}DEDUP_TOKEN: store_past--fill--main{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: is located 0 bytes after 12-byte region
// TWO: {{^}}DEDUP_TOKEN: store_past--fill{{$}}
// LEAK: Direct leak of 7 byte(s) in 1 object(s) allocated from:
// LEAK-NEXT: #0 {{.*}} in malloc
// LEAK-NEXT: #1 {{.*}} in main
// LEAK: {{^}}DEDUP_TOKEN: malloc--main{{$}}
// OFF-NOT: DEDUP_TOKEN
