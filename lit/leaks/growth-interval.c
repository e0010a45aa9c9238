// Growth checks driven by the runtime's service thread: with
// leak_growth_checks=3 and heap_profile_interval_s=1 the runtime scans every
// second on its own, and a cache that grows all the time is reported (at the
// third check, or at exit if the loaded machine let only two checks run)
// with its allocation line. The program never calls the API.
// RUN: %sleuth_cc -O1 %s -o %t
// RUN: env SLEUTH_OPTIONS=leak_growth_checks=3:heap_profile_interval_s=1 %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=leak_growth_checks=3:heap_profile_interval_s=1:leak_kinds_fail=growth not %run %t 2>&1 | FileCheck %s --check-prefix=FAIL
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct entry {
  struct entry *next;
  char data[40];
};
static struct entry *cache;

__attribute__((noinline)) static void cache_add(int i) {
  struct entry *e = malloc(sizeof *e); // line 20
  memset(e->data, i, sizeof e->data);
  e->next = cache;
  cache = e;
}

int main(void) {
  // 4.5 s of steady growth: four intervals of the service thread.
#pragma clang loop unroll(disable)
  for (int i = 0; i < 90; i++) {
    cache_add(i);
    struct timespec pause = {0, 50 * 1000 * 1000};
    nanosleep(&pause, 0);
  }
  return 0;
}
// CHECK: WARNING: Sleuth: detected growth leaks
// CHECK: Growing: {{[0-9]+}} byte(s) in {{[0-9]+}} object(s), +{{[0-9.]+}} bytes/s over {{[23]}} checks, allocated from:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in cache_add {{.*}}growth-interval.c:20
// CHECK: SUMMARY: Sleuth: {{[0-9]+}} byte(s) in {{[0-9]+}} allocation(s) grew at every one of {{[23]}} checks.
// FAIL: ERROR: Sleuth: detected growth leaks
// FAIL: Growing:
