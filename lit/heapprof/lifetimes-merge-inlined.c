// --lifetimes has one row per allocation site: scratch() is inlined into
// three callers, so its malloc is three stacks (three return addresses),
// but one function and line: one row, summing the three (3 x 400
// temporary blocks of 100 bytes), whose site says how many call paths
// reach it. The columns name their units (B = bytes).
// RUN: %sleuth_cc -O1 -g %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_temporary_ms=10000:heap_profile_prefix=%t.d/p %run %t
// RUN: %sleuth_build/bin/sleuth-report --lifetimes %t.d/p.*.0.heap | FileCheck %s
// CHECK: By churn (temporary bytes per second):
// CHECK-NEXT: temp B/s temporary B +-2s n long-lived B +-2s n live B +-2s n alloc B/s site
// CHECK-NEXT: {{[0-9]+}} 120000 0 1200 0 0 0 0 0 0 {{[0-9]+}} scratch lifetimes-merge-inlined.c:[[@LINE+7]] < 3 call paths
// CHECK-NOT: scratch
// CHECK: By retention
#include <stdlib.h>

static inline __attribute__((always_inline)) void scratch(int n) {
  for (int i = 0; i < n; i++) {
    char *p = malloc(100);
    __asm__ volatile("" : : "r"(p) : "memory"); /* keep the malloc/free pair */
    free(p);
  }
}

__attribute__((noinline)) void parse(void) { scratch(400); }
__attribute__((noinline)) void render(void) { scratch(400); }
__attribute__((noinline)) void flush(void) { scratch(400); }

int main(void) {
  parse();
  render();
  flush();
  return 0;
}
