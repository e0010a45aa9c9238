// A correct program using a pool is silent under Sleuth (exit 0), and the
// macros compile to nothing without Sleuth: the same file built with plain
// clang runs and prints the same.
// RUN: %sleuth_cc -O0 -I%S/Inputs %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 -I%S/Inputs %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %clang -O2 -I%S/Inputs -I%sleuth_build/include %s -o %t.plain && %t.plain 2>&1 | FileCheck %s
// RUN: nm %t.plain | FileCheck %s --check-prefix=PLAIN
#include "arena.h"
#include <stdio.h>
#include <string.h>

arena a;

int main(void) {
  arena_init(&a, 4096);
  char *blocks[10];
  for (int i = 0; i < 10; i++) {
    blocks[i] = arena_alloc(&a, 20 + i);
    memset(blocks[i], i, 20 + i);
  }
  for (int i = 0; i < 10; i += 2)
    arena_free(&a, blocks[i]);
  int sum = 0;
  for (int i = 1; i < 10; i += 2)
    sum += blocks[i][19];
  printf("sum %d\n", sum);
  arena_destroy(&a);
  return 0;
}
// CHECK-NOT: Sleuth
// CHECK: sum 25
// CHECK-NOT: Sleuth
// PLAIN-NOT: sleuth_pool
