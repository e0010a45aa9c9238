// sleuth-run --profile with guard_pages=1 and every allocation a profile
// sample: guarded blocks are profile samples too (the dump's top site is
// the one whose blocks are all guarded), and they stay guarded (a read of
// one after free is reported; with halt_on_error=0 the program goes on and
// the profile is still written at exit).
// RUN: %clang -O1 -g -fno-omit-frame-pointer %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile_prefix=%t.d/p:heap_profile_sample=1:guard_pages=1:halt_on_error=0 not %sleuth_run --profile %t 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %python %S/Inputs/heap_top.py %t.d/p.*.0.heap %llvm_symbolizer | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

void *volatile hold[200];

__attribute__((noinline)) static void *guarded_site(void) {
  void *p = malloc(4000);
  __asm__ volatile("");
  return p;
}

int main(void) {
  for (int i = 0; i < 200; i++) // 200 of the 256 slots: all guarded
    hold[i] = guarded_site();
  char *p = hold[199];
  free(p);
  hold[199] = 0;
  int c = ((volatile char *)p)[10];
  fprintf(stderr, "went on %d\n", c);
  return 0;
}
// REPORT: ERROR: Sleuth: heap-use-after-free on address
// REPORT: detected by a guard page
// REPORT: is located 10 bytes inside of 4000-byte region
// REPORT: previously allocated by thread T0 here:
// REPORT: in guarded_site {{.*}}guard-pages-profile-sample.c:16
// REPORT: went on 0
// CHECK: top: guarded_site {{.*}}guard-pages-profile-sample.c:16
