// A pointer to 1..7 bytes into a block counts as a start pointer (the
// "lowbits" heuristic, on by default): glibc's tsearch keeps each node's
// colour in the low bit of a child pointer, and without the heuristic
// some nodes of a tree still held by the program show as possibly lost.
// A tagged pointer of the program's own is treated the same way. (Debian's
// libc has no frame pointers, so the nodes' stacks end in tsearch.)
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=leak_check_heuristics=newarray %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=leak_check_heuristics=lowbits %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=leak_check_heuristics=none %run %t 2>&1 | FileCheck %s
#include <search.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void *root;
uintptr_t tagged;

static int cmp(const void *a, const void *b) { return strcmp(a, b); }

__attribute__((noinline)) static void fill_tree(void) {
  static const char *keys[] = {"m", "c", "t", "a", "e",
                               "p", "x", "b", "d", "f"};
  for (int i = 0; i < 10; i++)
    tsearch(keys[i], &root, cmp);
}

__attribute__((noinline)) static void tag_block(void) {
  char *p = malloc(40);
  memset(p, 0, 40);
  tagged = (uintptr_t)p | 5; // low bits used as flags
}

int main(void) {
  fill_tree();
  tag_block();
  return 0;
}
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK-DAG: Possible leak of 40 byte(s) in 1 object(s) allocated from:
// CHECK-DAG: {{#1 0x[0-9a-f]+ in tag_block .*}}heuristic-lowbits.c:30
// CHECK-DAG: Possible leak of {{[0-9]+}} byte(s) in {{[0-9]+}} object(s) allocated from:
// CHECK-DAG: {{#1 0x[0-9a-f]+ in tsearch}}
// CHECK: definitely lost: 0 bytes in 0 blocks
