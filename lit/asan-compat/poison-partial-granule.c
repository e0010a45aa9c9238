// __asan_poison_memory_region on regions that end inside a shadow granule,
// with ASan's rule: the granule's tail past the region is poisoned with it
// only when it was unaddressable already. A 2-byte global and a malloc(2)
// block poisoned whole are use-after-poison at their first byte (before,
// nothing was poisoned: the call rounded the region down to no granule);
// poisoning the last two bytes of a 4-byte global string leaves its first
// two addressable, and a read of s[2] is then outside the addressable
// prefix: global-buffer-overflow 2 bytes inside 's', as ASan reports it
// (the kind of a partial granule comes from the redzone after it).
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not %run %t global 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: not %run %t heap 2>&1 | FileCheck %s --check-prefix=HEAP
// RUN: not %run %t string 2>&1 | FileCheck %s --check-prefix=STRING
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: not %run %t global 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: not %run %t heap 2>&1 | FileCheck %s --check-prefix=HEAP
// RUN: not %run %t string 2>&1 | FileCheck %s --check-prefix=STRING
#include <sanitizer/asan_interface.h>
#include <stdlib.h>
#include <string.h>

volatile char pair[2] = {1, 2};
char s[4] = "abc";

int main(int argc, char **argv) {
  volatile int idx = argc - 2;
  if (!strcmp(argv[1], "global")) {
    __asan_poison_memory_region((void *)pair, sizeof pair);
    pair[idx] = 0;
    // GLOBAL: ERROR: Sleuth: use-after-poison on address [[ADDR:0x[0-9a-f]+]] at pc
    // GLOBAL-NEXT: WRITE of size 1 at [[ADDR]] thread T0
    // GLOBAL-NEXT: {{#0 0x[0-9a-f]+ in main .*}}poison-partial-granule.c:[[@LINE-3]]
    // GLOBAL: [[ADDR]] is located 0 bytes inside of global variable 'pair' defined in '{{.*}}poison-partial-granule.c:22:{{[0-9]+}}' ({{0x[0-9a-f]+}}) of size 2
    // GLOBAL: SUMMARY: Sleuth: use-after-poison {{.*}}poison-partial-granule.c:[[@LINE-5]]:{{[0-9]+}} in main
  } else if (!strcmp(argv[1], "heap")) {
    char *p = malloc(2);
    __asan_poison_memory_region(p, 2);
    volatile char *v = p;
    return v[idx + 1];
    // HEAP: ERROR: Sleuth: use-after-poison on address [[ADDR:0x[0-9a-f]+]] at pc
    // HEAP-NEXT: READ of size 1 at [[ADDR]] thread T0
    // HEAP-NEXT: {{#0 0x[0-9a-f]+ in main .*}}poison-partial-granule.c:[[@LINE-3]]
    // HEAP: [[ADDR]] is located 1 bytes inside of 2-byte region
    // HEAP-NEXT: allocated by thread T0 here:
    // HEAP-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
    // HEAP-NEXT: {{#1 0x[0-9a-f]+ in main .*}}poison-partial-granule.c:[[@LINE-10]]
  } else {
    __asan_poison_memory_region(s + 2, 2);
    volatile char *v = s;
    return v[idx + 2] + v[1];
    // STRING: ERROR: Sleuth: global-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
    // STRING-NEXT: READ of size 1 at [[ADDR]] thread T0
    // STRING-NEXT: {{#0 0x[0-9a-f]+ in main .*}}poison-partial-granule.c:[[@LINE-3]]
    // STRING: [[ADDR]] is located 2 bytes inside of global variable 's' defined in '{{.*}}poison-partial-granule.c:23:{{[0-9]+}}' ({{0x[0-9a-f]+}}) of size 4
  }
  return 0;
}
