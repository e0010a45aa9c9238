// The ignore-list, in clang's -fsanitize-ignorelist syntax: `fun:` by
// function name, `src:` by source file, `global:` by global name (no
// redzone), given with the flag ASan users already pass or with
// SLEUTH_IGNORELIST. Ignored, the overflows below are silent; without
// the list the same program is reported.
// RUN: printf '# ours\n[address]\nfun:read_past_h*\nglobal:neighbour_a\n[thread]\nfun:main\n' > %t.fun
// RUN: %sleuth_cc -O1 -fsanitize-ignorelist=%t.fun %s -o %t1 && %run %t1 | FileCheck %s --check-prefix=SILENT
// RUN: printf 'src:*ignorelist.c\n' > %t.src
// RUN: env SLEUTH_IGNORELIST=%t.src %sleuth_cc -O1 %s -o %t2 && %run %t2 | FileCheck %s --check-prefix=SILENT
// SILENT: sum
// SILENT-NOT: Sleuth
// RUN: %sleuth_cc -O1 %s -o %t3 && not %run %t3 2>&1 | FileCheck %s
// A `[thread]` section or a `=init` entry is not about instrumenting:
// RUN: printf '[thread]\nfun:read_past_heap\nsrc:*=init\n' > %t.other
// RUN: %sleuth_cc -O1 -fsanitize-ignorelist=%t.other %s -o %t4 && not %run %t4 2>&1 | FileCheck %s
// A list that cannot be read stops the compiler with one line:
// RUN: not %sleuth_cc -O1 -fsanitize-ignorelist=%t.missing -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: sleuth: error: SLEUTH_IGNORELIST: {{.*}}.missing
// BAD-NOT: Stack dump
#include <stdio.h>
#include <stdlib.h>

int neighbour_a[4] = {1, 2, 3, 4};
int neighbour_b[4] = {5, 6, 7, 8};

__attribute__((noinline)) int read_past_heap(int *p) {
  return p[4];
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address
  // CHECK-NEXT: READ of size 4 at
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in read_past_heap .*}}ignorelist.c:[[@LINE-3]]
}

__attribute__((noinline)) int read_past_global(int i) {
  volatile int *a = neighbour_a;
  return a[i];
}

int main(int argc, char **argv) {
  (void)argv;
  int *p = malloc(16);
  int sum = read_past_heap(p) + read_past_global(argc + 3);
  printf("sum %d\n", sum != 12345);
  free(p);
  return 0;
}
