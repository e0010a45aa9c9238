// Errors in pool blocks (SLEUTH_POOL_*), as JSON lines: the pool block is
// the location and its POOL_ALLOC / POOL_FREE stacks are the alloc and
// free stacks.
// RUN: %sleuth_cc -O0 -g -I%S/../pools/Inputs %s -o %t
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t overflow 2> %t.over
// RUN: %python %S/Inputs/check_json.py %t.over | FileCheck %s --check-prefix=OVER
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t uaf 2> %t.uaf
// RUN: %python %S/Inputs/check_json.py %t.uaf | FileCheck %s --check-prefix=UAF
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t double-free 2> %t.df
// RUN: %python %S/Inputs/check_json.py %t.df | FileCheck %s --check-prefix=DF
#include "arena.h"
#include <string.h>

arena a;

int main(int argc, char **argv) {
  (void)argc;
  arena_init(&a, 4096);
  char *p = arena_alloc(&a, 24);
  char *volatile q = p;
  if (!strcmp(argv[1], "overflow"))
    q[24 + 2] = 1;
  // OVER: kind: heap-buffer-overflow
  // OVER-NEXT: access: WRITE 1
  // OVER: stack #0 main {{.*}}pools.c:[[@LINE-3]]:{{[0-9]+}}
  // OVER: location: 0x{{[0-9a-f]+}} is located 2 bytes after 24-byte region
  // OVER-NEXT: alloc_thread: T0
  // OVER-NEXT: alloc_stack #0 sleuth_pool_alloc
  // OVER-NEXT: alloc_stack #1 arena_alloc {{.*}}arena.h:24
  if (!strcmp(argv[1], "uaf")) {
    arena_free(&a, p);
    q[3] = 1;
    // UAF: kind: heap-use-after-free
    // UAF: stack #0 main {{.*}}pools.c:[[@LINE-2]]:{{[0-9]+}}
    // UAF: alloc_stack #1 arena_alloc {{.*}}arena.h:24
    // UAF: free_stack #0 sleuth_pool_free
    // UAF-NEXT: free_stack #1 arena_free {{.*}}arena.h
    // UAF-NEXT: free_stack #2 main {{.*}}pools.c:[[@LINE-7]]:{{[0-9]+}}
  }
  if (!strcmp(argv[1], "double-free")) {
    arena_free(&a, p);
    arena_free(&a, p);
    // DF: kind: double-free
    // DF: stack #1 arena_free {{.*}}arena.h
    // DF-NEXT: stack #2 main {{.*}}pools.c:[[@LINE-3]]:{{[0-9]+}}
    // DF: free_stack #2 main {{.*}}pools.c:[[@LINE-5]]:{{[0-9]+}}
  }
  arena_destroy(&a);
  return 0;
}
