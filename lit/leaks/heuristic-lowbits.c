// A pointer to 1..7 bytes into a block, found inside another heap block,
// counts as a start pointer (the "lowbits" heuristic, on by default):
// glibc's tsearch keeps each node's colour in the low bit of a child
// pointer, and without the heuristic some nodes of a tree still held by
// the program show as possibly lost; a tagged link in a block of the
// program's own is treated the same way. The same pointer in a global (or
// on a stack) is a cursor a few bytes into a buffer, not a tag: possibly
// lost, as Valgrind says (possible leaks do not fail the run by default).
// (Debian's libc has no frame pointers, so the nodes' stacks end in
// tsearch.)
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: env SLEUTH_OPTIONS=leak_check_heuristics=lowbits %run %t 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: env SLEUTH_OPTIONS=leak_check_heuristics=newarray %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: env SLEUTH_OPTIONS=leak_check_heuristics=none %run %t 2>&1 | FileCheck %s
#include <search.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void *root;
uintptr_t *holder;  // a block of the program's own holding a tagged link
const char *cursor; // a parser's position, 3 bytes into its buffer

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
  holder = malloc(sizeof *holder);
  *holder = (uintptr_t)p | 5; // low bits used as flags
}

__attribute__((noinline)) static void parse(void) {
  char *buf = malloc(24);
  strcpy(buf, "key=value");
  cursor = buf + 3; // only the position is kept
}

int main(void) {
  fill_tree();
  tag_block();
  parse();
  return 0;
}
// DEFAULT: ERROR: Sleuth: detected memory leaks
// DEFAULT: Possible leak of 24 byte(s) in 1 object(s) allocated from:
// DEFAULT: {{#1 0x[0-9a-f]+ in parse .*}}heuristic-lowbits.c:42
// DEFAULT-NOT: Possible leak
// DEFAULT: possibly lost: 24 bytes in 1 blocks
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK-DAG: Possible leak of 40 byte(s) in 1 object(s) allocated from:
// CHECK-DAG: {{#1 0x[0-9a-f]+ in tag_block .*}}heuristic-lowbits.c:35
// CHECK-DAG: Possible leak of 24 byte(s) in 1 object(s) allocated from:
// CHECK-DAG: Possible leak of {{[0-9]+}} byte(s) in {{[0-9]+}} object(s) allocated from:
// CHECK-DAG: {{#1 0x[0-9a-f]+ in tsearch}}
// CHECK: definitely lost: 0 bytes in 0 blocks
