// cmake --install lays out DESIGN.md §7, and the installed sleuth-cc works
// from there on its own (plugin, runtime and header found relative to it).
// RUN: rm -rf %t && %cmake --install %sleuth_build --prefix %t > /dev/null
// RUN: test -x %t/bin/sleuth-cc && test -x %t/bin/sleuth-c++
// RUN: test -f %t/lib/sleuth/SleuthPass.so && test -f %t/lib/sleuth/libsleuth_rt.a
// RUN: test -f %t/lib/sleuth/libsleuth_rt.syms && test -f %t/lib/sleuth/libsleuth.so
// RUN: test -f %t/include/sleuth/sleuth.h
// RUN: %t/bin/sleuth-cc -O1 %s -o %t/prog && not %t/prog 2>&1 | FileCheck %s
#include <sleuth/sleuth.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  (void)argv;
  char *p = malloc(16);
  SLEUTH_POISON(p + 8, 8);
  p[7 + argc] = 1;
  // CHECK: ERROR: Sleuth: use-after-poison on address
  // CHECK-NEXT: WRITE of size 1
  // CHECK-NEXT: {{#0 .* in main .*}}install-tree.c:[[@LINE-3]]
  free(p);
  return 0;
}
