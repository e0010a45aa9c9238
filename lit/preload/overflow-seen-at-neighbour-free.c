// Uninstrumented code writes 40 bytes past a block, through its right
// redzone into the left redzone of the block after it, and the neighbour
// is freed first. Its check finds the overwritten bytes; the report names
// the block the write ran out of (with its allocation stack), not the
// neighbour, and says where it was seen. For 100 bytes the write ends in
// the neighbour's redzone ("0 bytes after" the block, where it began); for
// 64 (a 32-byte left redzone) it reaches the neighbour's header.
// RUN: %clang -O2 -g %s -o %t
// RUN: env SLEUTH_OPTIONS=guard_pages=0 not %sleuth_run %t 100 2>&1 | FileCheck %s -DSIZE=100 --check-prefixes=CHECK,REDZONE
// RUN: env SLEUTH_OPTIONS=guard_pages=0 not %sleuth_run %t 64 2>&1 | FileCheck %s -DSIZE=64 --check-prefixes=CHECK,HEADER
#include <stdlib.h>

__attribute__((noinline)) static void fill(volatile char *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    p[i] = 'x';
}

int main(int argc, char **argv) {
  size_t n = (size_t)atoi(argv[argc - 1]);
  char *p = malloc(n);
  char *neighbour = malloc(n);
  __asm__ volatile("" : : "r"(neighbour) : "memory"); // a block in use
  fill(p, n + 40);
  free(neighbour);
  free(p);
  return 0;
}
// REDZONE: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]], detected when the block after it was freed
// REDZONE-NEXT: redzone byte(s) before the block at 0x{{[0-9a-f]+}} overwritten; that block was freed by thread T0 here:
// HEADER: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]], detected when the block was freed
// HEADER-NEXT: the chunk header of the 64-byte block at 0x{{[0-9a-f]+}} was overwritten (its allocation stack and type are lost); the block was freed by thread T0 here:
// CHECK-NEXT: #0 {{.*}} in free
// CHECK-NEXT: #1 {{.*}} in main {{.*}}overflow-seen-at-neighbour-free.c:24
// REDZONE: [[ADDR]] is located 0 bytes after [[SIZE]]-byte region
// HEADER: [[ADDR]] is located 32 bytes after [[SIZE]]-byte region
// CHECK-NEXT: allocated by thread T0 here:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in main {{.*}}overflow-seen-at-neighbour-free.c:20
