// sleuth-run --profile: the checker is off (the program's overflow and
// leak give no report, exit 0) and the heap profile written at exit has
// the biggest live allocation site on top, symbolized from its dump.
// RUN: %clang -O2 -g -fomit-frame-pointer %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile_prefix=%t.d/p %sleuth_run --profile %t 2>&1 | FileCheck --allow-empty --check-prefix=QUIET %s
// RUN: %python %S/Inputs/heap_top.py %t.d/p.*.0.heap %llvm_symbolizer | FileCheck %s
#include <stdlib.h>
#include <string.h>

void *volatile hold[4096];

__attribute__((noinline)) static void *big(void) {
  void *p = malloc(64 << 10);
  __asm__ volatile("");
  return p;
}

__attribute__((noinline)) static void *small(void) {
  void *p = malloc(32);
  __asm__ volatile("");
  return p;
}

int main(void) {
  for (int i = 0; i < 2048; i++) // 128 MiB from big()
    hold[i] = big();
  for (int i = 2048; i < 4096; i++) // 64 KiB from small()
    hold[i] = small();
  char *volatile p = malloc(8);
  memset(p, 0, 9); // not checked in this mode
  p = 0;
  return 0;
}
// QUIET-NOT: Sleuth
// CHECK: top: big {{.*}}profile-top-site.c:14
