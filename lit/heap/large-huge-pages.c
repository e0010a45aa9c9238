// Heap blocks of 2 MiB or more start on a 2 MiB boundary and their
// mapping is advised MADV_HUGEPAGE (large_huge_pages, default on): "hg" in
// its VmFlags; calloc's do not (zeroed tables are often touched sparsely).
// With large_huge_pages=0 no block gets the advice. Either way the
// block's redzone and its use after free are reported as for any large
// block, and aligned large blocks (posix_memalign, aligned_alloc) keep
// their alignment, instrumented and under sleuth-run.
// REQUIRES: thp
// RUN: %sleuth_cc -O1 %s -o %t
// RUN: %run %t layout 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: env SLEUTH_OPTIONS=large_huge_pages=0 %run %t layout 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: not %run %t overflow 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: not %run %t uaf 2>&1 | FileCheck %s --check-prefix=UAF
// RUN: env SLEUTH_OPTIONS=large_huge_pages=0 not %run %t overflow 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: %clang -O1 -g %s -o %t.plain
// RUN: %sleuth_run %t.plain layout 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not %sleuth_run %t.plain uaf 2>&1 | FileCheck %s --check-prefix=UAF
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MIB (1ul << 20)
#define SIZE (3 * MIB + 5)

// Whether the mapping holding p has VM_HUGEPAGE ("hg" in smaps' VmFlags).
static int advised_huge(const void *p) {
  FILE *f = fopen("/proc/self/smaps", "r");
  char line[512];
  int in = 0, hg = -1;
  while (hg < 0 && fgets(line, sizeof line, f)) {
    unsigned long lo, hi;
    if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2) // a mapping's first line
      in = (uintptr_t)p >= lo && (uintptr_t)p < hi;
    else if (in && strncmp(line, "VmFlags:", 8) == 0)
      hg = strstr(line, " hg") != 0;
  }
  fclose(f);
  return hg;
}

static void layout(void) {
  char *p = malloc(SIZE);
  memset(p, 1, SIZE);
  printf("malloc: 2 MiB aligned %d, advised %d\n",
         (uintptr_t)p % (2 * MIB) == 0, advised_huge(p));
  // HUGE: malloc: 2 MiB aligned 1, advised 1
  // SMALL: malloc: 2 MiB aligned {{[01]}}, advised 0
  void *q;
  int rc = posix_memalign(&q, 64 << 10, MIB);
  printf("posix_memalign 64 KiB: rc %d, aligned %d, advised %d\n", rc,
         (uintptr_t)q % (64 << 10) == 0, advised_huge(q));
  // HUGE: posix_memalign 64 KiB: rc 0, aligned 1, advised 0
  // SMALL: posix_memalign 64 KiB: rc 0, aligned 1, advised 0
  char *r = aligned_alloc(4 * MIB, 4 * MIB);
  memset(r, 2, 4 * MIB);
  printf("aligned_alloc 4 MiB: aligned %d, advised %d\n",
         (uintptr_t)r % (4 * MIB) == 0, advised_huge(r));
  // HUGE: aligned_alloc 4 MiB: aligned 1, advised 1
  // SMALL: aligned_alloc 4 MiB: aligned 1, advised 0
  // calloc'd tables are often touched sparsely: no huge pages for them.
  char *z = calloc(1, 4 * MIB);
  z[MIB] = 1;
  printf("calloc: advised %d\n", advised_huge(z));
  // HUGE: calloc: advised 0
  // SMALL: calloc: advised 0
  free(p);
  free(q);
  free(r);
  free(z);
}

__attribute__((noinline)) int read_byte(const char *p, size_t i) {
  return p[i]; // READ
}

__attribute__((noinline)) static char *filled_block(void) {
  char *p = malloc(SIZE); // ALLOC
  memset(p, 1, SIZE);
  return p;
}

int main(int argc, char **argv) {
  if (!strcmp(argv[1], "layout")) {
    layout();
    return 0;
  }
  char *p = filled_block();
  if (!strcmp(argv[1], "overflow")) {
    int v = read_byte(p, SIZE + argc - 2); // OVERFLOW-CALL
    printf("read %d\n", v);
    return 0;
  }
  // OVERFLOW: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]]
  // OVERFLOW-NEXT: READ of size 1 at [[ADDR]] thread T0
  // OVERFLOW-NEXT: #0 {{.*}} in read_byte {{.*}}large-huge-pages.c:[[@LINE-22]]
  // OVERFLOW-NEXT: #1 {{.*}} in main {{.*}}large-huge-pages.c:[[@LINE-7]]
  // OVERFLOW: [[ADDR]] is located 0 bytes after 3145733-byte region
  // OVERFLOW: allocated by thread T0 here:
  // OVERFLOW-NEXT: #0 {{.*}} in malloc
  // OVERFLOW-NEXT: #1 {{.*}} in filled_block {{.*}}large-huge-pages.c:[[@LINE-23]]
  free(p); // FREE
  int v = read_byte(p, 2 * MIB + argc); // UAF-CALL
  printf("read after free %d\n", v);
  return 0;
  // UAF: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]]
  // UAF-NEXT: READ of size 1 at [[ADDR]] thread T0
  // UAF-NEXT: #0 {{.*}} in read_byte {{.*}}large-huge-pages.c:[[@LINE-34]]
  // UAF-NEXT: #1 {{.*}} in main {{.*}}large-huge-pages.c:[[@LINE-6]]
  // UAF: [[ADDR]] is located 2097154 bytes inside of 3145733-byte region
  // UAF: freed by thread T0 here:
  // UAF-NEXT: #0 {{.*}} in free
  // UAF-NEXT: #1 {{.*}} in main {{.*}}large-huge-pages.c:[[@LINE-11]]
  // UAF: previously allocated by thread T0 here:
  // UAF-NEXT: #0 {{.*}} in malloc
  // UAF-NEXT: #1 {{.*}} in filled_block {{.*}}large-huge-pages.c:[[@LINE-38]]
}
