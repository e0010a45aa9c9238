// Stacks of one length that share their two innermost frames (leaf and
// inner) and their outer ones, and differ in the four between (c/b/a/mid 1,
// 2 or 3): the stack depot's per-thread remembered paths are matched by
// their innermost frame first and must then be compared whole. Family 1
// is remembered (with its frees, deep enough to keep their own path);
// family 2's first stack must not be taken for it.
// (A deliberately wrong match by innermost frame alone fails this test.)
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))
#define BARRIER() __asm__ volatile("" ::: "memory")

NOINLINE static char *leaf(size_t n) {
  char *p = malloc(n);
  BARRIER();
  return p;
}
#define LEVEL(name, next) \
  NOINLINE static char *name(size_t n) { char *p = next(n); BARRIER(); return p; }
LEVEL(inner, leaf)
LEVEL(c1, inner) LEVEL(b1, c1) LEVEL(a1, b1) LEVEL(mid1, a1)
LEVEL(c2, inner)
LEVEL(b2, c2)
LEVEL(a2, b2)
LEVEL(mid2, a2)
LEVEL(c3, inner) LEVEL(b3, c3) LEVEL(a3, b3) LEVEL(mid3, a3)
NOINLINE static void drop1(char *p) { free(p); BARRIER(); }
NOINLINE static void drop2(char *p) { free(p); BARRIER(); }
// Frees four frames deep: their paths do not overwrite the allocations'.
#define DROP(name, next) \
  NOINLINE static void name(char *p) { next(p); BARRIER(); }
DROP(dd, drop2) DROP(dc, dd) DROP(db, dc) DROP(deep_drop, db)

int main(int argc, char **argv) {
  (void)argv;
  // Family 1, repeated, with its frees: the remembered paths hold both.
  // Family 2 then comes with the same two innermost frames and length as
  // family 1, and must not be taken for it; nor family 3 for either.
  for (int r = 0; r < 100; r++) {
    char *a = mid1(16);
    deep_drop(a);
  }
  char *x = mid2(24);
  drop1(x);
  char *z = mid3(24);
  drop2(z);
  return x[argc];
  // CHECK: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}uaf-alternating-stack-families.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 1 bytes inside of 24-byte region
  // CHECK-NEXT: freed by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in free}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in drop1 .*}}uaf-alternating-stack-families.c:29
  // CHECK-NEXT: {{#2 0x[0-9a-f]+ in main .*}}uaf-alternating-stack-families.c:[[@LINE-11]]
  // CHECK: previously allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in leaf .*}}uaf-alternating-stack-families.c:16
  // CHECK-NEXT: {{#2 0x[0-9a-f]+ in inner .*}}uaf-alternating-stack-families.c:22
  // CHECK-NEXT: {{#3 0x[0-9a-f]+ in c2 .*}}uaf-alternating-stack-families.c:24
  // CHECK-NEXT: {{#4 0x[0-9a-f]+ in b2 .*}}uaf-alternating-stack-families.c:25
  // CHECK-NEXT: {{#5 0x[0-9a-f]+ in a2 .*}}uaf-alternating-stack-families.c:26
  // CHECK-NEXT: {{#6 0x[0-9a-f]+ in mid2 .*}}uaf-alternating-stack-families.c:27
  // CHECK-NEXT: {{#7 0x[0-9a-f]+ in main .*}}uaf-alternating-stack-families.c:[[@LINE-21]]
}
