// Every way to opt a function out of checking: no_sanitize_address,
// no_sanitize("address"), disable_sanitizer_instrumentation and
// SLEUTH_NO_CHECK. Each reads one int past a 16-byte heap block and is not
// reported; the same read in a function without an opt-out (or with an
// opt-out from another sanitizer only) is. The opted-out functions are
// small and static: at -O2 they are not inlined into checked main, where
// their read would be checked.
// RUN: %sleuth_cc -O0 %s -o %t0
// RUN: %sleuth_cc -O2 %s -o %t2
// RUN: for t in %t0 %t2; do for w in 0 1 2 3; do %run $t $w; done; done 2>&1 | FileCheck %s --check-prefix=SILENT
// SILENT-COUNT-8: read {{-?[0-9]+}}
// SILENT-NOT: Sleuth
// RUN: not %run %t0 4 2>&1 | FileCheck %s --check-prefix=UBSAN
// RUN: not %run %t2 4 2>&1 | FileCheck %s --check-prefix=UBSAN
// RUN: not %run %t0 5 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: not %run %t2 5 2>&1 | FileCheck %s --check-prefix=PLAIN
#include <sleuth/sleuth.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((no_sanitize_address)) static int spelled_asan(int *p) {
  return p[4];
}
__attribute__((no_sanitize("address"))) static int spelled_generic(int *p) {
  return p[4];
}
__attribute__((disable_sanitizer_instrumentation)) static int
spelled_disable(int *p) {
  return p[4];
}
SLEUTH_NO_CHECK static int spelled_sleuth(int *p) { return p[4]; }

__attribute__((no_sanitize("undefined"))) static int other_sanitizer(int *p) {
  return p[4];
  // UBSAN: ERROR: Sleuth: heap-buffer-overflow on address
  // UBSAN-NEXT: READ of size 4 at
  // UBSAN-NEXT: {{#0 0x[0-9a-f]+ in (other_sanitizer|main) .*}}no-sanitize-spellings.c:[[@LINE-3]]
}
static int plain(int *p) {
  return p[4];
  // PLAIN: ERROR: Sleuth: heap-buffer-overflow on address
  // PLAIN-NEXT: READ of size 4 at
  // PLAIN-NEXT: {{#0 0x[0-9a-f]+ in (plain|main) .*}}no-sanitize-spellings.c:[[@LINE-3]]
}

int main(int argc, char **argv) {
  int *p = malloc(4 * sizeof(int));
  int (*fns[])(int *) = {spelled_asan, spelled_generic, spelled_disable,
                         spelled_sleuth, other_sanitizer, plain};
  int w = argc > 1 ? atoi(argv[1]) : 0;
  int v = 0;
  // Direct calls, so the optimiser may inline them.
  switch (w) {
  case 0: v = spelled_asan(p); break;
  case 1: v = spelled_generic(p); break;
  case 2: v = spelled_disable(p); break;
  case 3: v = spelled_sleuth(p); break;
  case 4: v = other_sanitizer(p); break;
  default: v = plain(p); break;
  }
  printf("read %d\n", v == 0x7fffffff ? fns[w](p) : v);
  free(p);
  return 0;
}
