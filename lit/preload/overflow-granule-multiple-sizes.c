// Uninstrumented code writes one byte past blocks whose sizes fill their
// last 16-byte granule (16, 32, 48, 64, 128, 256 bytes), then past an odd
// size for comparison. Preloaded, every size keeps redzone bytes after the
// block, so the byte is seen when that block is freed, and named as
// "0 bytes after" it (it once landed in the next slot's header, unseen).
// RUN: %clang -O2 -g %s -o %t
// RUN: for n in 16 32 48 64 128 256 100; do env SLEUTH_OPTIONS=guard_pages=0 not %sleuth_run %t $n 2>&1 | FileCheck %s -DSIZE=$n || exit 1; done
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
  fill(p, n + 1); // one byte too many
  free(p);
  free(neighbour);
  return 0;
}
// CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]], detected when the block was freed
// CHECK-NEXT: redzone byte(s) overwritten; the block was freed by thread T0 here:
// CHECK-NEXT: #0 {{.*}} in free
// CHECK-NEXT: #1 {{.*}} in main {{.*}}overflow-granule-multiple-sizes.c:21
// CHECK: [[ADDR]] is located 0 bytes after [[SIZE]]-byte region
// CHECK-NEXT: allocated by thread T0 here:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in main {{.*}}overflow-granule-multiple-sizes.c:17
