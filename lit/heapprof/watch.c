// sleuth-report --watch follows a running program: with stdout not a
// terminal it prints plain blocks (no escape codes), heap in use and
// rates from the timeline, the site that grew between the two newest
// dumps, and after the program ends a last block saying so; status 0.
// The program grows grow_site (dumps every second) until the live view
// has printed a growth table: however long that takes, and never ending
// before the view has seen it run. The view may start before the program
// has written its timeline's first line: it waits for one.
// RUN: %sleuth_cc -O1 -g %s -o %t
// RUN: rm -rf %t.d %t.out && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_interval_s=1:heap_profile_timeline_ms=100:heap_profile_prefix=%t.d/p:detect_leaks=0 %run %t %t.out & \
// RUN:   %sleuth_build/bin/sleuth-report --watch %t.d/p --interval 0.5 > %t.out; echo "watch status $?" >> %t.out; wait
// RUN: FileCheck %s < %t.out
// RUN: not grep -q $'\033' %t.out
// CHECK: sleuth-report --watch: pid [[PID:[0-9]+]] ({{.*}}p.[[PID]].timeline), running
// CHECK: at {{[0-9.]+}}s: heap in use {{[0-9.]+ (B|KiB|MiB)}}{{.*}} allocations/s
// CHECK: Sleuth's overhead {{.*}} (quarantine {{.*}}, shadow {{.*}}, depot {{.*}}), RSS {{[0-9.]+ MiB}}
// CHECK: top growing sites, p.[[PID]].{{[0-9]+}}.heap -> p.[[PID]].{{[0-9]+}}.heap ({{[0-9.]+}}s, {{[0-9]+}} dump{{s?}} back):
// Every allocation is a sample here (sample=1): the growth is exact, its
// error bar 0, and the samples are the allocations it counts.
// CHECK-NEXT: {{^ +[0-9.]+ (B|KiB|MiB) \+- +0 B +[1-9][0-9]* samples  +[0-9.]+ (B|KiB|MiB)/s  grow_site$}}
// CHECK: sleuth-report --watch: pid [[PID]] ({{.*}}), exited
// CHECK-NOT: sleuth-report --watch
// CHECK: watch status 0
// Bad values: one line, status 1.
// RUN: %sleuth_build/bin/sleuth-report --watch %t.d/p --interval 0 > %t.bad 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=BADINT --match-full-lines < %t.bad
// BADINT: sleuth-report: --interval: '0' is not a number of seconds (more than 0, at most 86400)
// RUN: %sleuth_build/bin/sleuth-report --interval 1 %t.d/p.*.0.heap > %t.bad 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=NOWATCH --match-full-lines < %t.bad
// NOWATCH: sleuth-report: --interval needs --watch
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// Whether the file has a line starting with what.
static int has_line(const char *path, const char *what) {
  FILE *f = fopen(path, "r");
  int n = 0;
  char line[4200];
  while (f && fgets(line, sizeof line, f))
    n |= !strncmp(line, what, strlen(what));
  if (f)
    fclose(f);
  return n;
}

static void *volatile last;

__attribute__((noinline)) static void grow_site(void) {
  void **p = malloc(4096);
  memset(p, 0, 4096);
  *p = last; // a list that only grows
  last = p;
}

int main(int argc, char **argv) {
  (void)argc;
  // The live view's output, until it shows a growth table, or until it
  // has ended without one (then the test fails instead of waiting).
  while (!has_line(argv[1], "top growing sites") &&
         !has_line(argv[1], "watch status")) {
    for (int i = 0; i < 16; i++)
      grow_site();
    usleep(20000);
  }
  return 0;
}
