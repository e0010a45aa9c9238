// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not %run %t 2>&1 | FileCheck %s --check-prefix=FREES
// RUN: env SLEUTH_OPTIONS=allocator_frees_and_returns_null_on_realloc_zero=0 not %run %t 2>&1 | FileCheck %s --check-prefix=KEEPS
// RUN: env ASAN_OPTIONS=allocator_frees_and_returns_null_on_realloc_zero=false not %run %t 2>&1 | FileCheck %s --check-prefix=KEEPS
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  char *volatile p = malloc(42);
  char *volatile q = realloc(p, 0);
  fprintf(stderr, "realloc(p, 0) %s\n", q ? "returned a block" : "returned NULL");
  // FREES: realloc(p, 0) returned NULL
  // KEEPS: realloc(p, 0) returned a block
  if (q)
    q[0] = 1;
  // KEEPS: ERROR: Sleuth: heap-buffer-overflow on address
  // KEEPS-NEXT: WRITE of size 1 at
  // KEEPS-NEXT: {{#0 0x[0-9a-f]+ in main .*}}realloc-zero.c:[[@LINE-3]]
  // KEEPS: is located 0 bytes after 0-byte region
  else
    p[0] = 1;
  // FREES: ERROR: Sleuth: heap-use-after-free on address
  // FREES-NEXT: WRITE of size 1 at
  // FREES-NEXT: {{#0 0x[0-9a-f]+ in main .*}}realloc-zero.c:[[@LINE-3]]
  // FREES: freed by thread T0 here:
  // FREES: {{#1 0x[0-9a-f]+ in main .*}}realloc-zero.c:[[@LINE-16]]
  return 0;
}

// realloc(p, 0) frees p and returns NULL by default; with
// allocator_frees_and_returns_null_on_realloc_zero=0 (ASan's option, also
// from ASAN_OPTIONS) it returns a new 0-byte block, which is still a block:
// any byte of it is out of bounds. In both cases p itself is freed.
