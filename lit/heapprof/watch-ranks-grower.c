// sleuth-report --watch ranks the real grower first, on a program built
// without Sleuth under sleuth-run --profile, with heap_profile_format=both
// (every dump is a .heap and a .pb.gz, both listed in the timeline: the
// view reads the first and skips the second, where it used to stop with
// "not a heap profile"). The program has one real grower, grow_site (+64
// KiB per phase, kept), and one churner, churn_site, which at each phase
// frees what it holds and keeps a random 0 to 512 KiB instead: between any
// two dumps the churner's bytes move by up to 512 KiB, eight times the
// grower's step, so a ranking from the two newest dumps (as the view did)
// mostly puts the churner first. Over the 24 phases the grower has grown
// by 1.5 MiB and the churner by at most 512 KiB either way. The program
// asks for a dump after each phase (dlsym'd sleuth_heap_profile_dump) and,
// after the last, waits until the view has shown it running with the
// growth into that dump, then frees
// everything; the view runs to the program's exit and its last block
// still ranks grow_site first, from the last dump that showed growth.
// RUN: %clang -O1 -g %s -o %t -ldl
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile_sample=4096:heap_profile_format=both:heap_profile_prefix=p %sleuth_run --profile %t watch.out > prog.out & \
// RUN:   %sleuth_build/bin/sleuth-report --watch p --interval 0.5 > watch.out; echo "watch status $?" >> watch.out; wait
// RUN: FileCheck %s < watch.out
// RUN: ls p.*.pb.gz | count 25
// CHECK: sleuth-report --watch: pid [[PID:[0-9]+]] ({{.*}}), running
// CHECK: sleuth-report --watch: pid [[PID]] ({{.*}}), exited
// CHECK: top growing sites, p.[[PID]].0.heap -> p.[[PID]].23.heap ({{[0-9.]+}}s, 23 dumps back):
// CHECK-NEXT: {{^ +[0-9.]+ (KiB|MiB) \+- +[0-9.]+ (B|KiB) +[0-9]+ samples  +[0-9.]+ (KiB|MiB)/s  grow_site$}}
// The exit dump, after the program freed everything, grows nothing: the
// last ranking stays, and a line says why.
// CHECK: (the newer p.[[PID]].24.heap shows no growth beyond the noise)
// CHECK-NOT: sleuth-report --watch
// CHECK: watch status 0
//
// --window: the last few seconds only, unless that has not settled: here
// (the finished run, whose newest dump is the empty exit one) from the
// oldest dump again, where nothing grew either, and the line that says
// which settings would show growth.
// RUN: %sleuth_build/bin/sleuth-report --watch p --window 0.001 --interval 0.5 > window.out
// RUN: FileCheck %s --check-prefix=WINDOW < window.out
// WINDOW: top growing sites, p.{{[0-9]+}}.0.heap -> p.{{[0-9]+}}.24.heap ({{[0-9.]+}}s, 24 dumps back):
// WINDOW: no growth beyond the sampling noise: to see what grows
// With heap_profile_format=pprof alone, the view reads the .pb.gz dumps:
// the same ranking, without error bars (those dumps hold estimates, not
// sample counts), and it says so.
// RUN: rm -rf %t.pp && mkdir %t.pp && cd %t.pp
// RUN: env SLEUTH_OPTIONS=heap_profile_sample=4096:heap_profile_format=pprof:heap_profile_prefix=p %sleuth_run --profile %t watch.out .23.pb.gz > prog.out & \
// RUN:   %sleuth_build/bin/sleuth-report --watch p --interval 0.5 > watch.out; echo "watch status $?" >> watch.out; wait
// RUN: FileCheck %s --check-prefix=PPROF < watch.out
// PPROF: sleuth-report --watch: pid [[PID:[0-9]+]] ({{.*}}), exited
// PPROF: top growing sites, p.[[PID]].0.pb.gz -> p.[[PID]].23.pb.gz ({{[0-9.]+}}s, 23 dumps back):
// PPROF-NEXT: (pprof dumps: estimates without their sample counts, so no error bars; heap_profile_format=both adds heap_v2 dumps, which have them)
// PPROF-NEXT: {{^ +[0-9.]+ (KiB|MiB) +[0-9.]+ (KiB|MiB)/s  grow_site$}}
// PPROF: (the newer p.[[PID]].24.pb.gz shows no growth beyond the noise)
// PPROF: watch status 0
// RUN: %sleuth_build/bin/sleuth-report --watch p --window 0 > bad.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=BAD --match-full-lines < bad.out
// BAD: sleuth-report: --window: '0' is not a number of seconds (more than 0, at most 31536000)
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void *churned[32];
static unsigned nchurned;
static void **grown;
static unsigned long rng = 88172645463325252ul;

__attribute__((noinline)) static void grow_site(void) {
  for (int i = 0; i < 256; i++) { // 256 x 256 bytes
    void **p = malloc(256);
    memset(p, 0, 256);
    *p = grown;
    grown = p;
  }
}

__attribute__((noinline)) static void churn_site(void) {
  for (unsigned i = 0; i < nchurned; i++)
    free(churned[i]);
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  nchurned = (unsigned)(rng % 33); // 0 to 32 blocks of 16 KiB
  for (unsigned i = 0; i < nchurned; i++) {
    churned[i] = malloc(16 << 10);
    memset(churned[i], 0, 16 << 10);
  }
}

// Whether the file has a line containing what.
static int has(const char *path, const char *what) {
  FILE *f = fopen(path, "r");
  int n = 0;
  char line[4200];
  while (f && fgets(line, sizeof line, f))
    n |= strstr(line, what) != NULL;
  if (f)
    fclose(f);
  return n;
}

int main(int argc, char **argv) {
  int (*dump)(const char *) =
      (int (*)(const char *))dlsym(RTLD_DEFAULT, "sleuth_heap_profile_dump");
  if (!dump || argc < 2) {
    printf("run under sleuth-run --profile with the view's output file\n");
    return 1;
  }
  struct timespec tick = {0, 50000000};
  for (int phase = 0; phase < 24; phase++) {
    grow_site();
    churn_site();
    dump(NULL);
    nanosleep(&tick, NULL);
  }
  // Until the view has shown this process running with the growth into
  // the last phase's dump (number 23; argv[2]: its name's end then).
  char last[64];
  snprintf(last, sizeof last, "%s (", argc > 2 ? argv[2] : ".23.heap");
  while (!has(argv[1], last))
    nanosleep(&tick, NULL);
  // Then everything is freed, as a program that tears down before exit
  // does: the exit dump shows nothing growing.
  while (grown) {
    void **next = *grown;
    free(grown);
    grown = next;
  }
  for (unsigned i = 0; i < nchurned; i++)
    free(churned[i]);
  return 0;
}
