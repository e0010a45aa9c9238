// The timeline: a header, then samples with non-decreasing time, an
// allocation count that never falls, heap in use that follows the program
// (it holds 64 MiB, then frees all of it), non-zero RSS, Sleuth's overhead
// (depot, and a shadow of at least an eighth of the heap), heap in use by
// age whose sum follows the heap in use within the sampling error, and a
// dump line naming each heap file written and why (the API dump, then
// the exit dump: Inputs/check_timeline.py).
// RUN: %sleuth_cc -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_timeline_ms=10:heap_profile_prefix=%t.d/p %run %t %t.d/p
// RUN: %python %S/Inputs/check_timeline.py %t.d/p.*.timeline 67108864 | FileCheck %s
// CHECK: timeline ok
// Without samples (heap_profile_timeline_ms=0) the file still lists dumps.
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_timeline_ms=0:heap_profile_prefix=%t.d/p %run %t %t.d/p none
// RUN: FileCheck %s --check-prefix=NOSAMPLES < %t.d/p.*.timeline
// NOSAMPLES: # sleuth-timeline 1
// NOSAMPLES-NOT: {{^}}sample
// NOSAMPLES: dump
#include <fcntl.h>
#include <sleuth/sleuth.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char tl[4096];

// Waits (however long it takes) until the timeline has `want` more sample
// lines than when called.
static int samples(void) {
  FILE *f = fopen(tl, "r");
  int n = 0;
  char line[512];
  while (f && fgets(line, sizeof line, f))
    n += !strncmp(line, "sample ", 7);
  if (f)
    fclose(f);
  return n;
}
static void wait_samples(int want) {
  int base = samples();
  while (samples() < base + want)
    usleep(5000);
}

int main(int argc, char **argv) {
  snprintf(tl, sizeof tl, "%s.%d.timeline", argv[1], getpid());
  int wait = argc < 3;
  if (wait)
    wait_samples(2);
  void **keep = malloc(64 * sizeof *keep);
  for (int i = 0; i < 64; i++) {
    keep[i] = malloc(1 << 20);
    memset(keep[i], 1, 1 << 20);
  }
  if (wait)
    wait_samples(3);
  sleuth_heap_profile_dump(NULL);
  for (int i = 0; i < 64; i++)
    free(keep[i]);
  free(keep);
  if (wait)
    wait_samples(3);
  return 0;
}
