// A global cache that gains 25 entries between growth checks is reported
// as a growth leak after the run: its bytes and objects at the last check,
// its allocation line, and a rate close to what the program measures. The
// stable set allocated once (also still reachable) is not. Growth is
// informational unless leak_kinds_fail lists it (or says all).
// RUN: %sleuth_cc -O0 %s -o %t && %run %t > %t.out 2>&1 && FileCheck %s --check-prefixes=CHECK,WARN < %t.out
// RUN: %python %S/Inputs/check_growth_rate.py %t.out
// RUN: %sleuth_cc -O2 %s -o %t && %run %t > %t.out 2>&1 && FileCheck %s --check-prefixes=CHECK,WARN < %t.out
// RUN: %python %S/Inputs/check_growth_rate.py %t.out
// RUN: env SLEUTH_OPTIONS=leak_kinds_fail=direct,growth not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,FAIL
// RUN: env SLEUTH_OPTIONS=leak_kinds_fail=all not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,FAIL
#include <sleuth/sleuth.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct entry {
  struct entry *next;
  char data[48];
};
static struct entry *cache;
static void *stable[10];

__attribute__((noinline)) static void cache_add(int i) {
  struct entry *e = malloc(sizeof *e);
  memset(e->data, i, sizeof e->data);
  e->next = cache;
  cache = e;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(void) {
  for (int i = 0; i < 10; i++)
    stable[i] = malloc(100);
  double first = 0, last = 0;
  // One call site, so one allocation stack, also at -O2.
#pragma clang loop unroll(disable)
  for (int check = 0; check < 4; check++) {
#pragma clang loop unroll(disable)
    for (int i = 0; i < 25; i++)
      cache_add(i);
    struct timespec pause = {0, 50 * 1000 * 1000};
    nanosleep(&pause, 0);
    size_t growing = sleuth_leak_growth_check();
    last = now();
    if (check == 0)
      first = last;
    fprintf(stderr, "check %d: %zu\n", check, growing);
  }
  // 75 entries of 56 bytes came between the first check and the last.
  fprintf(stderr, "expected rate %.1f\n", 75 * sizeof(struct entry) / (last - first));
  return 0;
}
// CHECK: check 0: 0
// CHECK-NEXT: check 1: 2800
// CHECK-NEXT: check 2: 4200
// CHECK-NEXT: check 3: 5600
// WARN: WARNING: Sleuth: detected growth leaks (still reachable, grew at every check)
// FAIL: ERROR: Sleuth: detected growth leaks (still reachable, grew at every check)
// CHECK-EMPTY:
// CHECK-NEXT: Growing: 5600 byte(s) in 100 object(s), +{{[0-9]+\.[0-9]}} bytes/s over 4 checks, allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in cache_add .*}}growth-cache.c:26:
// CHECK-NOT: Growing:
// CHECK: SUMMARY: Sleuth: 5600 byte(s) in 100 allocation(s) grew at every one of 4 checks.
// CHECK-NOT: Growing:
