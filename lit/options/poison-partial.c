// poison_partial=0, as ASan's option: the last granule that a heap block
// or a global fills only in part is addressable whole, so a 4-byte read
// of bytes 20..23 of a 21-byte object passes; by default it is an
// overflow 0 bytes after the object. Small and large (own mapping) heap
// blocks and globals alike.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not %run %t global 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: not %run %t heap 2>&1 | FileCheck %s --check-prefix=HEAP
// RUN: not %run %t large 2>&1 | FileCheck %s --check-prefix=LARGE
// RUN: env SLEUTH_OPTIONS=poison_partial=0 %run %t global 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: env ASAN_OPTIONS=poison_partial=0 %run %t heap 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: env SLEUTH_OPTIONS=poison_partial=0 %run %t large 2>&1 | FileCheck %s --check-prefix=OFF
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char g[21];

int main(int argc, char **argv) {
  size_t size = 21;
  char *x = g;
  if (!strcmp(argv[1], "heap"))
    x = malloc(size);
  if (!strcmp(argv[1], "large"))
    x = malloc(size = (1 << 20) + 5);
  memset(x, 0, size);
  int r = *(volatile int *)(x + size - 1);
  // GLOBAL: ERROR: Sleuth: global-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // GLOBAL-NEXT: READ of size 4 at [[ADDR]] thread T0
  // GLOBAL-NEXT: {{#0 0x[0-9a-f]+ in main .*}}poison-partial.c:[[@LINE-3]]
  // GLOBAL: is located 0 bytes after global variable 'g' defined in '{{.*}}poison-partial.c:17:{{[0-9]+}}' ({{0x[0-9a-f]+}}) of size 21
  // HEAP: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // HEAP-NEXT: READ of size 4 at [[ADDR]] thread T0
  // HEAP-NEXT: {{#0 0x[0-9a-f]+ in main .*}}poison-partial.c:[[@LINE-7]]
  // HEAP: is located 0 bytes after 21-byte region
  // LARGE: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // LARGE-NEXT: READ of size 4 at [[ADDR]] thread T0
  // LARGE-NEXT: {{#0 0x[0-9a-f]+ in main .*}}poison-partial.c:[[@LINE-11]]
  // LARGE: is located 0 bytes after 1048581-byte region
  printf("read %d\n", r);
  // OFF: read 0
  // OFF-NOT: ERROR
  if (x != g)
    free(x);
  return 0;
}
