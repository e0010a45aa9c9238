// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t realloc 2>&1 | FileCheck %s --check-prefixes=CHECK,REALLOC --implicit-check-not='ERROR: Sleuth'
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t size 2>&1 | FileCheck %s --check-prefixes=CHECK,SIZE --implicit-check-not='ERROR: Sleuth'
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t keep 2>&1 | FileCheck %s --check-prefixes=CHECK,KEEP --implicit-check-not='ERROR: Sleuth' --implicit-check-not='leak of'
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t realloc 2>&1 | FileCheck %s --check-prefixes=CHECK,REALLOC --implicit-check-not='ERROR: Sleuth'
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t keep 2>&1 | FileCheck %s --check-prefixes=CHECK,KEEP --implicit-check-not='ERROR: Sleuth' --implicit-check-not='leak of'
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static char *volatile kept; // the blocks escape, so no optimiser drops them
char *global_b;
__attribute__((noinline)) void put(char *p, long i, char v) {
  ((volatile char *)p)[i] = v; // the overflow
}

int main(int argc, char **argv) {
  (void)argc;
  char *a = kept = malloc(32);
  char *b = kept = malloc(32);
  char *name = kept = strcpy(malloc(10), "kept");
  memcpy(b, &name, sizeof name), kept = 0; // only b points to name
  for (long i = 32; i < b - a; i++)
    put(a, i, 'A');
  if (!strcmp(argv[1], "realloc")) {
    b = realloc(b, 100);
    memcpy(&name, b, sizeof name);
    printf("%s\n", name);
    free(name);
    free(b);
  } else if (!strcmp(argv[1], "size")) {
    printf("usable %zu\n", malloc_usable_size(b));
    free(name);
    free(b);
  } else {
    global_b = b; // never freed: the leak scan must still read it
  }
  free(a);
  return 0;
}
// CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[HDR:0x[0-9a-f]+]] at pc
// CHECK-NEXT: WRITE of size 1 at [[HDR]] thread T0
// CHECK-NEXT: #0 {{.*}} in put {{.*}}overflow-into-next-header-later.c:15
// CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-into-next-header-later.c:15
// REALLOC: ERROR: Sleuth: heap-buffer-overflow on address [[HDR]], detected when the block was reallocated
// REALLOC-NEXT: the chunk header of the 32-byte block at {{0x[0-9a-f]+}} was overwritten (its allocation stack and type are lost); the block was reallocated by thread T0 here:
// REALLOC-NEXT: #0 {{.*}} in realloc
// REALLOC-NEXT: #1 {{.*}} in main {{.*}}overflow-into-next-header-later.c:27
// REALLOC: [[HDR]] is located 0 bytes after 32-byte region
// REALLOC: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-into-next-header-later.c:27
// REALLOC: kept
// SIZE: ERROR: Sleuth: heap-buffer-overflow on address [[HDR]], detected when the block was measured (malloc_usable_size)
// SIZE-NEXT: the chunk header of the 32-byte block at {{0x[0-9a-f]+}} was overwritten (its allocation stack and type are lost); the block was measured (malloc_usable_size) by thread T0 here:
// SIZE: in main {{.*}}overflow-into-next-header-later.c:33
// SIZE: [[HDR]] is located 0 bytes after 32-byte region
// SIZE: usable 32
// KEEP-NOT: ERROR: Sleuth: detected memory leaks
//
// The chunk header of `b` is overwritten by an overflow of `a` (reported
// where it happens; halt_on_error=0 goes on). realloc and
// malloc_usable_size of `b` then find the header's check word wrong: one
// heap-buffer-overflow report each, detected when the block was
// reallocated or measured, and the call goes on with the size the shadow
// holds (realloc copies the pointer `b` held; malloc_usable_size says 32).
// A block whose header was overwritten and that is never freed (keep) is
// still read by the leak scan: the block only it points to is not
// reported as a leak, and it is not reported itself (its allocation stack
// is lost). No bad-free, no mismatch, no leak report in any of them.
