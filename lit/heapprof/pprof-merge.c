// sleuth-report --merge: the dumps of two processes as one profile, here
// of two builds of the program (other code addresses and file names, as
// in a CI matrix). Stacks are matched by
// function, file and line, and the estimates are summed: the merged
// --top is the sum of the two, Go's pprof reads the merged pprof file with
// one location per source frame, and at the default sampling rate the
// merged estimates are the sums of each dump's own estimates.
// RUN: %sleuth_cc -O1 %s -o %t
// RUN: %sleuth_cc -O1 -DOTHER_BUILD %s -o %t.other
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_prefix=%t.d/a:detect_leaks=0 %run %t 10 0
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_prefix=%t.d/b:detect_leaks=0 %run %t.other 5 3
// RUN: %sleuth_build/bin/sleuth-report --merge --top 3 %t.d/a.*.heap %t.d/b.*.heap | FileCheck %s
// CHECK: File: {{.*}}a.{{[0-9]+}}.0.heap and 1 more (2 dumps merged)
// CHECK: Type: inuse_space, sample interval 1 byte (exact counts)
// CHECK: flat%
// CHECK-NEXT: {{^ +}}15728640 {{.*}} cache_fill
// CHECK-NEXT: {{^ +}}196608 {{.*}} side_table
// RUN: %sleuth_build/bin/sleuth-report --merge --stacks %t.d/a.*.heap %t.d/b.*.heap | FileCheck %s --check-prefix=STACKS
// STACKS: 15728640 bytes ({{.*}}) in 15 objects, all threads:
// STACKS-NEXT: #0 cache_fill {{.*}}pprof-merge.c:[[@LINE+51]]
// RUN: %sleuth_build/bin/sleuth-report --top 20 %t.d/a.*.heap > %t.d/a.txt
// RUN: %sleuth_build/bin/sleuth-report --top 20 %t.d/b.*.heap > %t.d/b.txt
// RUN: %sleuth_build/bin/sleuth-report --merge --top 20 %t.d/a.*.heap %t.d/b.*.heap > %t.d/m.txt
// RUN: %python %S/Inputs/compare_pprof_top.py --sum %t.d/m.txt %t.d/a.txt %t.d/b.txt
// RUN: %sleuth_build/bin/sleuth-report --merge --pprof %t.d/m.pb.gz %t.d/a.*.heap %t.d/b.*.heap
// RUN: go tool pprof -top -unit=byte -nodefraction=0 %t.d/m.pb.gz | FileCheck %s --check-prefix=GO
// GO: Sleuth heap profile: 2 dumps merged, estimates from samples (every allocation, exact)
// GO: flat%
// GO-NEXT: {{^ +}}15728640B {{.*}} cache_fill
// GO-NEXT: {{^ +}}196608B {{.*}} side_table
// RUN: go tool pprof -top -unit=byte -nodefraction=0 %t.d/m.pb.gz > %t.d/m-go.txt
// RUN: %python %S/Inputs/compare_pprof_top.py %t.d/m.txt %t.d/m-go.txt
// RUN: go tool pprof -raw %t.d/m.pb.gz | FileCheck %s --check-prefix=RAW
// RAW: Locations
// RAW: cache_fill {{.*}}pprof-merge.c:[[@LINE+36]]
// RAW-NOT: cache_fill
//
// Sampled at the default rate: each dump scaled by its own rate, summed.
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_prefix=%t.d/sa:detect_leaks=0 %run %t 10 0
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_prefix=%t.d/sb:detect_leaks=0 %run %t.other 5 3
// RUN: %sleuth_build/bin/sleuth-report --top 20 %t.d/sa.*.heap > %t.d/sa.txt
// RUN: %sleuth_build/bin/sleuth-report --top 20 %t.d/sb.*.heap > %t.d/sb.txt
// RUN: %sleuth_build/bin/sleuth-report --merge --top 20 %t.d/sa.*.heap %t.d/sb.*.heap > %t.d/sm.txt
// RUN: %python %S/Inputs/compare_pprof_top.py --sum %t.d/sm.txt %t.d/sa.txt %t.d/sb.txt
//
// Two dumps without --merge, and threads of different processes, are refused.
// RUN: not %sleuth_build/bin/sleuth-report %t.d/a.*.heap %t.d/b.*.heap 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: sleuth-report: two heap dumps given ({{.*}}): report one, use --base OLD.heap for growth, or --merge for the dumps of several processes
// RUN: not %sleuth_build/bin/sleuth-report --merge --threads %t.d/a.*.heap %t.d/b.*.heap 2>&1 | FileCheck %s --check-prefix=THREADS
// THREADS: sleuth-report: --merge and --threads do not combine
// RUN: not %sleuth_build/bin/sleuth-report --pprof %t.d/no-such-dir/m.pb.gz %t.d/a.*.heap 2>&1 | FileCheck %s --check-prefix=NOWRITE
// NOWRITE: sleuth-report: {{.*}}no-such-dir/m.pb.gz: cannot write
// Two dumps of one process are snapshots of the same memory: a warning.
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_prefix=%t.d/one:detect_leaks=0 %run %t 2 0
// RUN: %sleuth_build/bin/sleuth-report --merge --top 1 %t.d/one.*.0.heap %t.d/a.*.heap %t.d/one.*.0.heap 2>&1 >/dev/null | FileCheck %s --check-prefix=SAME
// SAME: sleuth-report: warning: {{.*}}one.[[PID:[0-9]+]].0.heap and {{.*}}one.[[PID]].0.heap are dumps of one process (one.[[PID]]): --merge counts its memory twice (--base gives the growth between them)
#include <stdlib.h>

static void *keep[64];
static int n;

#ifdef OTHER_BUILD
/* Moves the functions below to other addresses. */
__attribute__((noinline, used)) int other_build_padding(int x) {
  return x * 3 + (x >> 2) - (x & 7) * 11;
}
#endif

__attribute__((noinline)) static void cache_fill(int k) {
  for (int i = 0; i < k; i++)
    keep[n++] = malloc(1 << 20);
}
__attribute__((noinline)) static void side_table(int k) {
  for (int i = 0; i < k; i++)
    keep[n++] = malloc(64 << 10);
}

int main(int argc, char **argv) {
  (void)argc;
  cache_fill(atoi(argv[1]));
  side_table(atoi(argv[2]));
  return 0; /* the exit dump holds both (still in use) */
}

// go comes with Debian's golang-go (lit.cfg.py names it when missing).
// REQUIRES: go
