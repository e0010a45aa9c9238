// The in-use triggers on a program with known allocations (1 MiB blocks,
// every allocation sampled so the dumps' totals are exact). The program
// waits, however long it takes, for each dump it expects before going on,
// so each dump's totals show the heap at the level that triggered it; a
// dump at a wrong level shifts the sequence numbers and the totals below.
//
// heap_profile_inuse_interval=3m: dumps at 3, 6 and 9 MiB, then the exit dump.
// RUN: %sleuth_cc -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_inuse_interval=3m:heap_profile_prefix=%t.d/p %run %t %t.d/p interval
// RUN: for f in %t.d/p.*.0.heap %t.d/p.*.1.heap %t.d/p.*.2.heap %t.d/p.*.3.heap; do sed -n 2p $f; done | FileCheck %s --check-prefix=INT
// INT: t*: 3: 3145728 [
// INT-NEXT: t*: 6: 6291456 [
// INT-NEXT: t*: 9: 9437184 [
// INT-NEXT: t*: 0: 0 [
// RUN: ls %t.d | FileCheck %s --check-prefix=FILES
// FILES: p.{{[0-9]+}}.3.heap
// FILES-NOT: .4.heap
// The growth counts from the last dump of any kind: an API dump at 2 MiB
// moves the next trigger to 5 MiB.
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_inuse_interval=3m:heap_profile_prefix=%t.d/p %run %t %t.d/p api
// RUN: for f in %t.d/p.*.0.heap %t.d/p.*.1.heap; do sed -n 2p $f; done | FileCheck %s --check-prefix=API
// API: t*: 2: 2097152 [
// API-NEXT: t*: 5: 5242880 [
//
// The same in profile-only mode (sleuth-run --profile: glibc's heap, a raw
// service thread), where in use counts glibc's chunk bytes.
// RUN: %clang -O1 -I%sleuth_build/include %s -o %t.plain
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile_sample=1:heap_profile_inuse_interval=3m:heap_profile_prefix=%t.d/p %sleuth_run --profile %t.plain %t.d/p interval
// RUN: for f in %t.d/p.*.0.heap %t.d/p.*.1.heap %t.d/p.*.2.heap; do sed -n 2p $f; done | FileCheck %s --check-prefix=PLAIN
// PLAIN: t*: 3: 3145728 [
// PLAIN-NEXT: t*: 6: 6291456 [
// PLAIN-NEXT: t*: 9: 9437184 [
//
// heap_profile_peak=1 (no pause): blocks of 1.25 MiB; peaks at 1, 2 and 3
// blocks; two freed and two allocated again is no new peak (3.75 MiB is
// the last); the fourth block is (5 MiB exceeds it by 1 MiB).
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_peak=1:heap_profile_peak_ms=0:heap_profile_prefix=%t.d/p %run %t %t.d/p peak
// RUN: for f in %t.d/p.*.0.heap %t.d/p.*.1.heap %t.d/p.*.2.heap %t.d/p.*.3.heap %t.d/p.*.4.heap; do sed -n 2p $f; done | FileCheck %s --check-prefix=PEAK
// PEAK: t*: 1: 1310720 [
// PEAK-NEXT: t*: 2: 2621440 [
// PEAK-NEXT: t*: 3: 3932160 [
// PEAK-NEXT: t*: 4: 5242880 [
// PEAK-NEXT: t*: 0: 0 [
// Rate limit: with heap_profile_peak_ms=1000000 only the first peak is
// dumped (the program ends long before the pause does), then the exit dump.
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_peak=1:heap_profile_peak_ms=1000000:heap_profile_prefix=%t.d/p %run %t %t.d/p peak-limited
// RUN: ls %t.d | FileCheck %s --check-prefix=LIMITED
// LIMITED: p.{{[0-9]+}}.0.heap
// LIMITED-NEXT: p.{{[0-9]+}}.1.heap
// LIMITED-NEXT: p.{{[0-9]+}}.timeline
// RUN: sed -n 2p %t.d/p.*.0.heap | FileCheck %s --check-prefix=FIRST
// FIRST: t*: 1: 1310720 [
#include <fcntl.h>
#include <sleuth/sleuth.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char want[4096], buf[1 << 16];
static const char *prefix;

// Waits (however long it takes) until the timeline lists dump `seq`: the
// line is written once the dump is complete. open/read, not stdio: a FILE
// is a heap block, and in profile-only mode the service thread can take its
// snapshot while one is open (every allocation is sampled here).
static void wait_for_dump(int seq) {
  char tl[4096];
  snprintf(tl, sizeof tl, "%s.%d.timeline", prefix, getpid());
  snprintf(want, sizeof want, "/p.%d.%d.heap\n", getpid(), seq);
  for (;;) {
    int fd = open(tl, O_RDONLY);
    ssize_t n = 0, got;
    while (fd >= 0 && n < (ssize_t)sizeof buf - 1 &&
           (got = read(fd, buf + n, sizeof buf - 1 - n)) > 0)
      n += got;
    if (fd >= 0)
      close(fd);
    buf[n] = 0;
    if (strstr(buf, want))
      return;
    usleep(10000);
  }
}

static void *block(size_t n) {
  void *p = malloc(n);
  memset(p, 1, n);
  return p;
}

int main(int argc, char **argv) {
  prefix = argv[1];
  const char *mode = argv[2];
  void *b[10];
  if (!strcmp(mode, "interval")) {
    for (int i = 1; i <= 10; i++) {
      b[i - 1] = block(1 << 20);
      if (i % 3 == 0)
        wait_for_dump(i / 3 - 1);
    }
    for (int i = 0; i < 10; i++)
      free(b[i]);
  } else if (!strcmp(mode, "api")) {
    for (int i = 1; i <= 6; i++) {
      b[i - 1] = block(1 << 20);
      if (i == 2)
        sleuth_heap_profile_dump(NULL);
      if (i == 5)
        wait_for_dump(1);
    }
    for (int i = 0; i < 6; i++)
      free(b[i]);
  } else {
    int limited = !strcmp(mode, "peak-limited");
    size_t n = 1310720;
    for (int i = 0; i < 3; i++) {
      b[i] = block(n);
      if (!limited || i == 0)
        wait_for_dump(i);
    }
    free(b[1]);
    free(b[2]);
    b[1] = block(n);
    b[2] = block(n);
    b[3] = block(n);
    if (!limited)
      wait_for_dump(3);
    for (int i = 0; i < 4; i++)
      free(b[i]);
  }
  return 0;
}
