// jeprof (jemalloc's own reader) reads a dump as it is, MAPPED_LIBRARIES
// and all, and its top in-use site is the known one: 48 MiB held by
// hold_big, against 4 MiB in hold_pages and 1.5 MiB of 16-byte blocks.
// Per-thread lines: the blocks hold_pages allocates on thread T1 are on
// `t1:` lines, the rest on `t0:` ones.
// RUN: %sleuth_cc -O1 %s -o %t -lpthread
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_prefix=%t.d/p %run %t %t.d/dump.heap
// RUN: jeprof --text %t %t.d/dump.heap 2>/dev/null | FileCheck %s
// CHECK: Total: {{[0-9.]+}} MB
// CHECK-NEXT: {{^ +[0-9.]+ +[0-9.]+% +[0-9.]+% +[0-9.]+ +[0-9.]+%}} hold_big
// CHECK-NOT: hold_big
// CHECK: hold_pages
// Profiling needs none of the other checks.
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_prefix=%t.d/p:detect_leaks=0:quarantine_size_mb=0 %run %t %t.d/all.heap
// RUN: FileCheck %s --check-prefix=THREADS < %t.d/all.heap
// Each t line is followed by Sleuth's unbiased: line (every allocation
// recorded: one object per sample, no variance), a stack by its peak:
// line (what it held at the runtime's peak snapshot).
// THREADS: heap_v2/1
// THREADS-NEXT: t*: {{[0-9]+}}: {{[0-9]+}} [{{[0-9]+}}: {{[0-9]+}}]
// THREADS-NEXT: unbiased: {{[0-9]+}}.000: 0.000 [{{[0-9]+}}.000: 0.000]
// THREADS-NEXT: t0: {{[0-9]+}}: {{[0-9]+}} [{{[0-9]+}}: {{[0-9]+}}]
// THREADS-NEXT: unbiased:
// THREADS-NEXT: t1: 4096: 16777216 [{{[0-9]+}}: {{[0-9]+}}]
// THREADS: t*: 4096: 16777216 [4096: 16777216]
// THREADS-NEXT: unbiased: 4096.000: 0.000 [4096.000: 0.000]
// THREADS-NEXT: peak: {{[0-9]+}}: {{[0-9]+}} [{{[0-9]+}}.000: 0.000]
// THREADS-NEXT: t1: 4096: 16777216 [4096: 16777216]
// THREADS: MAPPED_LIBRARIES:
#include <pthread.h>
#include <sleuth/sleuth.h>
#include <stdlib.h>

static void *keep[200000];
static int n;

__attribute__((noinline)) static void hold_big(void) {
  for (int i = 0; i < 64; i++)
    keep[n++] = malloc(1 << 20);
}
__attribute__((noinline)) static void hold_small(void) {
  for (int i = 0; i < 100000; i++)
    keep[n++] = malloc(16);
}
static void *pages[4096];
__attribute__((noinline)) static void *hold_pages(void *arg) {
  for (int i = 0; i < 4096; i++)
    pages[i] = malloc(4096);
  return arg;
}

int main(int argc, char **argv) {
  (void)argc;
  hold_big();
  hold_small();
  pthread_t t;
  pthread_create(&t, 0, hold_pages, 0);
  pthread_join(t, 0);
  int r = sleuth_heap_profile_dump(argv[1]);
  for (int i = 0; i < n; i++)
    free(keep[i]);
  for (int i = 0; i < 4096; i++)
    free(pages[i]);
  return r;
}

// jeprof comes with Debian's libjemalloc-dev (lit.cfg.py names it when missing).
// REQUIRES: jeprof
