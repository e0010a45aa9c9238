// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t fill 2>&1 | FileCheck %s --implicit-check-not='ERROR: Sleuth'
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t forge 2>&1 | FileCheck %s --implicit-check-not='ERROR: Sleuth'
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 %run %t none 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t fill 2>&1 | FileCheck %s --implicit-check-not='ERROR: Sleuth'
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t forge 2>&1 | FileCheck %s --implicit-check-not='ERROR: Sleuth'
#include <stdlib.h>
#include <string.h>
static char *volatile kept; // the blocks escape, so no optimiser drops them
__attribute__((noinline)) void put(char *p, long i, char v) {
  ((volatile char *)p)[i] = v; // the overflow (volatile: clang 22 drops dead stores to freed blocks)
}

int main(int argc, char **argv) {
  (void)argc;
  char *a = kept = malloc(32);
  char *b = kept = malloc(32);
  long gap = b - a; // 32-byte blocks sit in 48-byte slots: b's header is a[32..47]
  if (!strcmp(argv[1], "fill")) {
    for (long i = 32; i < gap; i++)
      put(a, i, 'A');
  } else if (!strcmp(argv[1], "forge")) {
    // what an allocated block's header starts with; one call site, so
    // one report under halt_on_error=0 (distinct callers are distinct)
    static const char forged[2] = {(char)0xa1, 1};
    for (long i = 0; i < 2; i++)
      put(a, 32 + i, forged[i]);
  }
  free(a);
  free(b);
  return 0;
}
// CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[HDR:0x[0-9a-f]+]] at pc
// CHECK-NEXT: WRITE of size 1 at [[HDR]] thread T0
// CHECK-NEXT: #0 {{.*}} in put {{.*}}overflow-into-next-header.c:12
// CHECK-NEXT: #1 {{.*}} in main {{.*}}overflow-into-next-header.c:{{22|28}}
// CHECK: [[HDR]] is located 0 bytes after 32-byte region [[[A:0x[0-9a-f]+]],[[HDR]])
// CHECK-NEXT: allocated by thread T0 here:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in main {{.*}}overflow-into-next-header.c:17
// CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-into-next-header.c:12
// CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[HDR]], detected when the block was freed
// CHECK-NEXT: the chunk header of the 32-byte block at [[B:0x[0-9a-f]+]] was overwritten (its allocation stack and type are lost); the block was freed by thread T0 here:
// CHECK-NEXT: #0 {{.*}} in free
// CHECK-NEXT: #1 {{.*}} in main {{.*}}overflow-into-next-header.c:31
// CHECK: [[HDR]] is located 0 bytes after 32-byte region [[[A]],[[HDR]])
// CHECK-NEXT: freed by thread T0 here:
// CHECK-NEXT: #0 {{.*}} in free
// CHECK-NEXT: #1 {{.*}} in main {{.*}}overflow-into-next-header.c:30
// CHECK: previously allocated by thread T0 here:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in main {{.*}}overflow-into-next-header.c:17
// CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-into-next-header.c:31
//
// Under halt_on_error=0 an overflow of `a` runs into the chunk header of
// the next block `b` (the write is reported where it happens, once for the
// site). When `b` is freed, its header fails its check word: that is
// reported as the heap-buffer-overflow it is, detected when the block was
// freed, with the free stack and the block before the header (`a`, the
// likely culprit) with its stacks; the header is rebuilt from the shadow
// and `b` is freed with its right size. Exactly two reports: no bad-free
// (fill: the header's state byte became 'A') and no alloc-dealloc-mismatch
// (forge: the bytes an allocated operator new block's header starts with,
// which the old header layout took for "operator new vs free"). The exit
// status is exitcode (1) because errors were reported; the twin without
// the overflow is silent and exits 0.
