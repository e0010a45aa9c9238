// Uninstrumented code writes one byte past a 24-byte block (a plain store,
// which nothing checks). The redzone bytes are found overwritten when the
// block is freed: heap-buffer-overflow, with the free stack as the main
// stack and the allocation stack.
// RUN: %clang -O2 -g -fomit-frame-pointer %s -o %t
// RUN: env SLEUTH_OPTIONS=guard_pages=0 not %sleuth_run %t 2>&1 | FileCheck %s
#include <stdlib.h>

__attribute__((noinline)) static void fill(volatile char *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    p[i] = 'x';
}

__attribute__((noinline)) static char *make(size_t n) {
  char *p = malloc(n);
  __asm__ volatile("");
  return p;
}

int main(int argc, char **argv) {
  (void)argv;
  char *p = make(24);
  fill(p, 24 + argc); // one byte too many
  free(p);
  return 0;
}
// CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]], detected when the block was freed
// CHECK-NEXT: redzone byte(s) overwritten; the block was freed by thread T0 here:
// CHECK-NEXT: #0 {{.*}} in free
// CHECK-NEXT: #1 {{.*}} in main {{.*}}overflow-detected-at-free.c:24
// CHECK: [[ADDR]] is located 0 bytes after 24-byte region
// CHECK-NEXT: allocated by thread T0 here:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in make {{.*}}overflow-detected-at-free.c:15
// CHECK-NEXT: #2 {{.*}} in main {{.*}}overflow-detected-at-free.c:22
// CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-detected-at-free.c:24
