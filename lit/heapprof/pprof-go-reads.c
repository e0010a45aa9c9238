// Go's own pprof reads Sleuth's pprof files, from the runtime
// (heap_profile_format=both: the .pb.gz beside each .heap) and from
// `sleuth-report --pprof`, and shows what `sleuth-report --top` shows on
// the same dump: the same total and sites, within rounding (estimates at
// the default sampling rate), and exactly with every allocation sampled,
// with the source lines. `go tool pprof -base` on two dumps gives the
// growth between them. gzip accepts the runtime's files (stored blocks).
// RUN: %sleuth_cc -O1 %s -o %t -lpthread
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_format=both:heap_profile_prefix=%t.d/p:detect_leaks=0 %run %t %t.d/s1.heap %t.d/s2.heap
// RUN: gzip -t %t.d/s1.pb.gz && gzip -t %t.d/s2.pb.gz && gzip -t %t.d/p.*.0.pb.gz
// RUN: %sleuth_build/bin/sleuth-report --pprof %t.d/r2.pb.gz %t.d/s2.heap
// RUN: %sleuth_build/bin/sleuth-report --top 10 %t.d/s2.heap > %t.d/top.txt
// RUN: go tool pprof -top -unit=byte -nodefraction=0 %t.d/s2.pb.gz > %t.d/rt.txt
// RUN: go tool pprof -top -unit=byte -nodefraction=0 %t.d/r2.pb.gz > %t.d/rep.txt
// RUN: %python %S/Inputs/compare_pprof_top.py %t.d/top.txt %t.d/rt.txt
// RUN: %python %S/Inputs/compare_pprof_top.py %t.d/top.txt %t.d/rep.txt
// RUN: %sleuth_build/bin/sleuth-report --top 10 --alloc-objects %t.d/s2.heap > %t.d/top-ao.txt
// RUN: go tool pprof -top -sample_index=alloc_objects -nodefraction=0 %t.d/s2.pb.gz > %t.d/rt-ao.txt
// RUN: %python %S/Inputs/compare_pprof_top.py %t.d/top-ao.txt %t.d/rt-ao.txt
// RUN: FileCheck %s --check-prefix=SAMPLED < %t.d/rt.txt
// SAMPLED: Sleuth heap profile of pid {{[0-9]+}}: estimates from samples (one per 524288 bytes allocated; bytes scaled as jeprof does, objects unbiased)
// SAMPLED: Type: inuse_space
// SAMPLED: flat%
// SAMPLED-NEXT: {{B .*}} hold_big
//
// Every allocation: exact values, lines, both writers alike.
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_format=both:heap_profile_prefix=%t.d/e:detect_leaks=0 %run %t %t.d/e1.heap %t.d/e2.heap
// RUN: %sleuth_build/bin/sleuth-report --pprof %t.d/re2.pb.gz %t.d/e2.heap
// RUN: go tool pprof -top -lines -unit=byte -nodefraction=0 %t.d/e2.pb.gz | FileCheck %s --check-prefix=EXACT
// RUN: go tool pprof -top -lines -unit=byte -nodefraction=0 %t.d/re2.pb.gz | FileCheck %s --check-prefix=EXACT
// EXACT: File: pprof-go-reads.c.tmp
// EXACT-NEXT: Build ID: {{[0-9a-f]+$}}
// EXACT: Type: inuse_space
// EXACT: flat%
// EXACT-NEXT: {{^ +}}50331648B {{.*}} hold_big {{.*}}pprof-go-reads.c:[[@LINE+37]]
// EXACT-NEXT: {{^ +}}16777216B {{.*}} hold_pages {{.*}}pprof-go-reads.c:[[@LINE+45]]
// EXACT-NEXT: {{^ +}}1600000B {{.*}} hold_small {{.*}}pprof-go-reads.c:[[@LINE+39]]
// RUN: go tool pprof -top -sample_index=alloc_objects -nodefraction=0 %t.d/e2.pb.gz | FileCheck %s --check-prefix=OBJECTS
// OBJECTS: flat%
// OBJECTS-NEXT: {{^ +}}100000 {{.*}} hold_small
// OBJECTS-NEXT: {{^ +}}4096 {{.*}} hold_pages
// OBJECTS-NEXT: {{^ +}}48 {{.*}} hold_big
//
// -base: the second dump minus the first is what was allocated between.
// RUN: go tool pprof -top -unit=byte -nodefraction=0 -base %t.d/e1.pb.gz %t.d/e2.pb.gz | FileCheck %s --check-prefix=BASE
// RUN: go tool pprof -top -unit=byte -nodefraction=0 -base %t.d/s1.pb.gz %t.d/s2.pb.gz | FileCheck %s --check-prefix=BASE-SAMPLED
// BASE: flat%
// BASE-NEXT: {{^ +}}16777216B {{.*}} hold_pages
// BASE-NEXT: {{^ +}}1600000B {{.*}} hold_small
// BASE-NOT: hold_big
// heap_profile_format=pprof: only the .pb.gz files, at a given path and
// at exit.
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_format=pprof:heap_profile_prefix=%t.d/only:detect_leaks=0 %run %t %t.d/given1 %t.d/given2
// RUN: cd %t.d && ls given* only.* | FileCheck %s --check-prefix=ONLY
// ONLY: given1
// ONLY-NEXT: given2
// ONLY-NEXT: only.{{[0-9]+}}.0.pb.gz
// ONLY-NEXT: only.{{[0-9]+}}.timeline
// RUN: go tool pprof -top -nodefraction=0 %t.d/given2 | FileCheck %s --check-prefix=SAMPLED
// BASE-SAMPLED: flat%
// BASE-SAMPLED-NEXT: hold_pages
// BASE-SAMPLED-NOT: hold_big
#include <pthread.h>
#include <sleuth/sleuth.h>
#include <stdlib.h>

static void *keep[200000];
static int n;

__attribute__((noinline)) static void hold_big(void) {
  for (int i = 0; i < 48; i++)
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
  if (sleuth_heap_profile_dump(argv[1]) != 0)
    return 1;
  hold_small();
  pthread_t t;
  pthread_create(&t, 0, hold_pages, 0);
  pthread_join(t, 0);
  int r = sleuth_heap_profile_dump(argv[2]);
  for (int i = 0; i < n; i++)
    free(keep[i]);
  for (int i = 0; i < 4096; i++)
    free(pages[i]);
  return r;
}

// go comes with Debian's golang-go (lit.cfg.py names it when missing).
// REQUIRES: go
