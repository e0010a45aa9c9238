// sleuth_heap_profile_active(0) stops sampling and (1) resumes it, as
// jemalloc's prof.active; each returns the previous state. Blocks sampled
// before the switch are still accounted when freed while it is off.
// RUN: %sleuth_cc -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_prefix=%t.d/p %run %t %t.d/dump.heap | FileCheck %s --check-prefix=OUT
// OUT: active(0) was 1
// OUT-NEXT: active(1) was 0
// RUN: jeprof --text --alloc_space %t %t.d/dump.heap 2>/dev/null | FileCheck %s --check-prefix=ALLOC
// ALLOC-NOT: while_off
// ALLOC: before_off
// ALLOC-NOT: while_off
// RUN: jeprof --text --alloc_space %t %t.d/dump.heap 2>/dev/null | FileCheck %s --check-prefix=ALLOC2
// ALLOC2: after_on
// RUN: jeprof --text --inuse_space %t %t.d/dump.heap 2>/dev/null | FileCheck %s --check-prefix=INUSE
// INUSE: Total:
// INUSE-NOT: before_off
// INUSE: after_on
// INUSE-NOT: before_off
// Without heap_profile the calls do nothing and say so.
// RUN: %run %t %t.d/none.heap | FileCheck %s --check-prefix=OFF
// OFF: active(0) was 0
// OFF-NEXT: active(1) was 0
// OFF-NEXT: dump -1
#include <sleuth/sleuth.h>
#include <stdio.h>
#include <stdlib.h>

static void *keep[3000];

__attribute__((noinline)) static void before_off(void) {
  for (int i = 0; i < 1000; i++)
    keep[i] = malloc(4096);
}
__attribute__((noinline)) static void while_off(void) {
  for (int i = 1000; i < 2000; i++)
    keep[i] = malloc(4096);
}
__attribute__((noinline)) static void after_on(void) {
  for (int i = 2000; i < 3000; i++)
    keep[i] = malloc(4096);
}

int main(int argc, char **argv) {
  (void)argc;
  before_off();
  printf("active(0) was %d\n", sleuth_heap_profile_active(0));
  while_off();
  for (int i = 0; i < 1000; i++)
    free(keep[i]);
  printf("active(1) was %d\n", sleuth_heap_profile_active(1));
  after_on();
  int r = sleuth_heap_profile_dump(argv[1]);
  if (r)
    printf("dump %d\n", r);
  for (int i = 1000; i < 3000; i++)
    free(keep[i]);
  return 0;
}

// jeprof comes with Debian's libjemalloc-dev (lit.cfg.py names it when missing).
// REQUIRES: jeprof
