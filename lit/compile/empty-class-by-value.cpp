// An empty class passed by value whose address is taken (tag types,
// comparators and lambdas handed to std::sort): clang drops the parameter
// from the IR signature, so the entry block's first non-alloca is its
// dbg.declare. The stack layout must not stand on it while rewriting it
// (it crashed clang at every -O level with -g). Built at -O0..-O3, the
// program runs silently, and an overflow of a local of the same frame is
// still reported with the variable's name.
// RUN: %sleuth_cxx -O0 %s -o %t0 && %run %t0 | FileCheck %s --check-prefix=CLEAN
// RUN: %sleuth_cxx -O1 %s -o %t1 && %run %t1 | FileCheck %s --check-prefix=CLEAN
// RUN: %sleuth_cxx -O2 %s -o %t2 && %run %t2 | FileCheck %s --check-prefix=CLEAN
// RUN: %sleuth_cxx -O3 %s -o %t3 && %run %t3 | FileCheck %s --check-prefix=CLEAN
// RUN: not %run %t0 8 2>&1 | FileCheck %s
// RUN: not %run %t2 8 2>&1 | FileCheck %s
// CLEAN: sorted 1 2 3 4 sink 1
#include <algorithm>
#include <cstdio>
#include <cstdlib>

struct Tag {};
static int sink;

__attribute__((noinline)) void take(Tag *t) { sink += t != nullptr; }

__attribute__((noinline)) int tagged(Tag t, int i) {
  char buf[8] = {0};
  take(&t);
  buf[i] = 1;
  // CHECK: ERROR: Sleuth: stack-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in tagged\(Tag, int\) .*}}empty-class-by-value.cpp:[[@LINE-3]]
  // CHECK: 'buf' (line [[@LINE-6]]) <== Memory access at offset {{[0-9]+}} overflows this variable
  return buf[0];
}

int main(int argc, char **argv) {
  int v[] = {3, 1, 4, 2};
  auto less = [](int a, int b) { return a < b; };
  std::sort(v, v + 4, less);
  std::printf("sorted %d %d %d %d", v[0], v[1], v[2], v[3]);
  tagged(Tag{}, argc > 1 ? std::atoi(argv[1]) : 0);
  std::printf(" sink %d\n", sink);
  return 0;
}
