// A local struct that the optimiser splits (SROA) keeps a dbg.declare with
// a DW_OP_LLVM_fragment expression (libyaml's scanner and loader): the
// stack layout rewrote it while its builder stood on it and crashed clang
// at -O1 and above with -g. Built at -O0..-O3 the copy is right and
// silent, and an overflow of the struct's tail is reported naming 't'.
// RUN: %sleuth_cc -O0 %s -o %t0 && %run %t0 | FileCheck %s --check-prefix=CLEAN
// RUN: %sleuth_cc -O1 %s -o %t1 && %run %t1 | FileCheck %s --check-prefix=CLEAN
// RUN: %sleuth_cc -O2 %s -o %t2 && %run %t2 | FileCheck %s --check-prefix=CLEAN
// RUN: %sleuth_cc -O3 %s -o %t3 && %run %t3 | FileCheck %s --check-prefix=CLEAN
// RUN: not %run %t1 40 2>&1 | FileCheck %s
// RUN: not %run %t3 40 2>&1 | FileCheck %s
// CLEAN: kind 5 rest abcdefgh
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct T {
  int kind;
  char rest[52];
};

__attribute__((noinline)) int fill(const char *src, struct T *out, int k,
                                   unsigned n) {
  struct T t;
  t.kind = k;
  memcpy(t.rest + 24, src, n);
  // CHECK: ERROR: Sleuth: stack-buffer-overflow on address {{0x[0-9a-f]+}} at pc
  // CHECK-NEXT: WRITE of size 40 at
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in __sleuth_memcpy}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in fill .*}}split-struct-fragment.c:[[@LINE-4]]
  // CHECK: 't' (line [[@LINE-7]]) <== Memory access at offset {{[0-9]+}} overflows this variable
  *out = t;
  return t.kind;
}

int main(int argc, char **argv) {
  static const char src[64] = "abcdefgh";
  unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 9;
  struct T out;
  int k = fill(src, &out, 5, n);
  printf("kind %d rest %s\n", k, out.rest + 24);
  return 0;
}
