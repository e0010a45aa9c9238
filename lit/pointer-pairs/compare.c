// -fsanitize=pointer-compare: a relational comparison of two pointers that
// do not point into one object reports invalid-pointer-pair under
// detect_invalid_pointer_pairs (1: not when one is null, 2: then too),
// with the comparison's line as frame #0 and what each address is. Pairs
// in one heap block, one global or one stack array, their end included,
// even far apart (past the shadow fast path), are fine.
// RUN: %sleuth_cc -O0 -fsanitize=pointer-compare %s -o %t0
// RUN: %sleuth_cc -O2 -fsanitize=pointer-compare %s -o %t2
// RUN: env SLEUTH_OPTIONS=detect_invalid_pointer_pairs=1 %run %t0 ok 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=detect_invalid_pointer_pairs=1 %run %t2 ok 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=detect_invalid_pointer_pairs=1 not %run %t0 heap 2>&1 | FileCheck %s --check-prefix=HEAP
// RUN: env SLEUTH_OPTIONS=detect_invalid_pointer_pairs=1 not %run %t2 heap 2>&1 | FileCheck %s --check-prefix=O2
// RUN: env SLEUTH_OPTIONS=detect_invalid_pointer_pairs=1 not %run %t0 freed 2>&1 | FileCheck %s --check-prefix=FREED
// RUN: env SLEUTH_OPTIONS=detect_invalid_pointer_pairs=1 not %run %t0 global 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: env SLEUTH_OPTIONS=detect_invalid_pointer_pairs=1 not %run %t0 stack 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: env SLEUTH_OPTIONS=detect_invalid_pointer_pairs=1 not %run %t2 stack 2>&1 | FileCheck %s --check-prefix=O2
// RUN: env SLEUTH_OPTIONS=detect_invalid_pointer_pairs=1 %run %t0 null 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=detect_invalid_pointer_pairs=2 not %run %t0 null 2>&1 | FileCheck %s --check-prefix=NULL
// The option off (the default): nothing is checked.
// RUN: %run %t0 heap 2>&1 | count 0
// Not built with the flag: nothing is checked either.
// RUN: %sleuth_cc -O0 %s -o %t-plain
// RUN: env SLEUTH_OPTIONS=detect_invalid_pointer_pairs=2 %run %t-plain heap 2>&1 | count 0
#include <stdlib.h>
#include <string.h>

// At -O2 the calls of less share one call instruction (no line of main).
// O2: ERROR: Sleuth: invalid-pointer-pair: [[A:0x[0-9a-f]+]] [[B:0x[0-9a-f]+]]
// O2-NEXT: #0 0x{{[0-9a-f]+}} in less {{.*}}compare.c:38
// O2: [[A]] is located
// O2: [[B]] is located
// O2: SUMMARY: Sleuth: invalid-pointer-pair {{.*}}compare.c:38:{{[0-9]+}} in less

char global_a[64], global_b[64];
volatile int sink;

__attribute__((noinline)) int less(char *p, char *q) {
  return p < q; // line 38: frame #0 of every report
}

__attribute__((noinline)) int stack_pair(int far) {
  char one[16], two[16];
  memset(one, 0, sizeof one);
  memset(two, 0, sizeof two);
  return far ? less(one, two) : less(one, one + sizeof one); // line 45
}

int main(int argc, char **argv) {
  char *p = malloc(42), *q = malloc(42), *big = malloc(10000);
  int r = 0;
  if (!strcmp(argv[1], "ok")) {
    r += less(p, p + 41);
    r += less(p + 3, p + 42);              // one past the end
    r += less(big, big + 10000);           // far apart, one block
    r += less(global_a, global_a + 64);
    r += less(global_a + 10, global_a + 1);
    r += stack_pair(0);
  } else if (!strcmp(argv[1], "heap")) {
    r += less(p, q);
    // HEAP: ERROR: Sleuth: invalid-pointer-pair: [[P:0x[0-9a-f]+]] [[Q:0x[0-9a-f]+]]
    // HEAP-NEXT: #0 0x{{[0-9a-f]+}} in less {{.*}}compare.c:38
    // HEAP-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}compare.c:[[@LINE-3]]
    // HEAP: [[P]] is located 0 bytes inside of 42-byte region
    // HEAP: allocated by thread T0 here:
    // HEAP: #1 {{.*}} in main {{.*}}compare.c:49
    // HEAP: [[Q]] is located 0 bytes inside of 42-byte region
    // HEAP: SUMMARY: Sleuth: invalid-pointer-pair {{.*}}compare.c:38:{{[0-9]+}} in less
  } else if (!strcmp(argv[1], "freed")) {
    char *end = p + 20;
    free(p);
    r += less(p, end);
    // FREED: ERROR: Sleuth: invalid-pointer-pair:
    // FREED-NEXT: #0 0x{{[0-9a-f]+}} in less {{.*}}compare.c:38
    // FREED-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}compare.c:[[@LINE-3]]
    // FREED: is located 0 bytes inside of 42-byte region
    // FREED-NEXT: freed by thread T0 here:
    // FREED: #1 {{.*}} in main {{.*}}compare.c:[[@LINE-7]]
    // FREED: is located 20 bytes inside of 42-byte region
  } else if (!strcmp(argv[1], "global")) {
    r += less(global_a + 63, global_b);
    // GLOBAL: ERROR: Sleuth: invalid-pointer-pair:
    // GLOBAL-NEXT: #0 0x{{[0-9a-f]+}} in less {{.*}}compare.c:38
    // GLOBAL-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}compare.c:[[@LINE-3]]
    // GLOBAL: is located 63 bytes inside of global variable 'global_a'
    // GLOBAL: is located 0 bytes inside of global variable 'global_b'
  } else if (!strcmp(argv[1], "stack")) {
    r += stack_pair(1);
    // STACK: ERROR: Sleuth: invalid-pointer-pair:
    // STACK-NEXT: #0 0x{{[0-9a-f]+}} in less {{.*}}compare.c:38
    // STACK-NEXT: #1 0x{{[0-9a-f]+}} in stack_pair {{.*}}compare.c:45
    // STACK: is located in stack of thread T0
    // STACK: 'one'
    // STACK: is located in stack of thread T0
    // STACK: 'two'
  } else if (!strcmp(argv[1], "null")) {
    r += less(NULL, p);
    // NULL: ERROR: Sleuth: invalid-pointer-pair: 0x0 [[P:0x[0-9a-f]+]]
    // NULL-NEXT: #0 0x{{[0-9a-f]+}} in less {{.*}}compare.c:38
    // NULL: [[P]] is located 0 bytes inside of 42-byte region
  }
  if (strcmp(argv[1], "freed"))
    free(p);
  free(q);
  free(big);
  sink = r; // the comparisons' results are used: -O2 keeps them
  return 0;
}
