// A first run with the defaults (sampling once per 512 KiB, one dump at
// exit) cannot say what grows; one line from sleuth-report says which
// settings can. Here the
// program grows by 64 KiB between two dumps it asks for: at 512 KiB a
// sample, `--base` finds no sample in the growth (7 times in 8) or one
// within its error bar; the live view of one exit dump has nothing to
// compare.
// RUN: %clang -O1 -g %s -o %t -ldl
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile_prefix=p %sleuth_run --profile %t
// RUN: %sleuth_build/bin/sleuth-report --base first.heap second.heap > base.out 2> base.err
// RUN: FileCheck %s --check-prefix=BASE < base.err
// (With a sample in the growth, a note says it is within the noise first.)
// BASE: no growth beyond the sampling noise: to see what grows, run with SLEUTH_OPTIONS=heap_profile_interval_s=10:heap_profile_sample=65536 (now 524288) and compare dumps with --base OLD NEW or --watch PREFIX
// The live view of the finished run (its one exit dump; the two above
// were written to paths of the program's choosing and are listed too,
// so the view reads a dump it names and ranks from there):
// RUN: %sleuth_build/bin/sleuth-report --watch p > watch.out
// RUN: FileCheck %s --check-prefix=WATCH < watch.out
// WATCH: exited
// WATCH: top growing sites, first.heap -> p.{{[0-9]+}}.0.heap
// WATCH: no growth beyond the sampling noise: to see what grows, run with SLEUTH_OPTIONS=heap_profile_interval_s=10:heap_profile_sample=65536 (now 524288)
// With one dump only (nothing the program asked for), the view says so.
// RUN: rm -f p.* first.heap second.heap && env SLEUTH_OPTIONS=heap_profile_prefix=p %sleuth_run --profile %t no-dumps 2> exit.err
// The program's own output is left alone; the report of that only dump,
// where a first run looks, says it (on stderr, after the report):
// RUN: not grep -q "what grows" exit.err
// RUN: %sleuth_build/bin/sleuth-report p.*.0.heap > top.out 2> top.err
// RUN: FileCheck %s --check-prefix=TOP < top.err
// TOP: one dump, nothing to compare: to see what grows, run with SLEUTH_OPTIONS=heap_profile_interval_s=10:heap_profile_sample=65536 (now 524288) and compare dumps with --base OLD NEW or --watch PREFIX
// RUN: %sleuth_build/bin/sleuth-report --watch p > one.out
// RUN: FileCheck %s --check-prefix=ONE < one.out
// ONE: top sites in use, p.{{[0-9]+}}.0.heap (one dump so far):
// ONE: one dump, nothing to compare: to see what grows, run with SLEUTH_OPTIONS=heap_profile_interval_s=10:heap_profile_sample=65536 (now 524288) and compare dumps with --base OLD NEW or --watch PREFIX
// With enough samples the growth is real and no line is printed.
// RUN: env SLEUTH_OPTIONS=heap_profile_prefix=q:heap_profile_sample=1024 %sleuth_run --profile %t no-dumps
// RUN: %sleuth_build/bin/sleuth-report q.*.0.heap 2> many.err > /dev/null
// RUN: not grep -q "what grows" many.err
// RUN: env SLEUTH_OPTIONS=heap_profile_prefix=q:heap_profile_sample=1024 %sleuth_run --profile %t
// RUN: %sleuth_build/bin/sleuth-report --base first.heap second.heap 2> real.err | FileCheck %s --check-prefix=REAL
// RUN: not grep -q "to see what grows" real.err
// REAL: grow_site
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

static void **grown;

__attribute__((noinline)) static void grow_site(int blocks) {
  for (int i = 0; i < blocks; i++) {
    void **p = malloc(256);
    memset(p, 0, 256);
    *p = grown;
    grown = p;
  }
}

int main(int argc, char **argv) {
  (void)argv;
  int (*dump)(const char *) =
      (int (*)(const char *))dlsym(RTLD_DEFAULT, "sleuth_heap_profile_dump");
  grow_site(4096); // 1 MiB before the first dump
  if (dump && argc < 2)
    dump("first.heap");
  grow_site(256); // 64 KiB between the two
  if (dump && argc < 2)
    dump("second.heap");
  return 0;
}
