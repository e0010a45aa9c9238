// leak_growth_checks: the checks are taken every heap_profile_interval_s,
// so it is an error without one (one line, exit 1 before main); one check
// cannot show growth. With leak_growth_checks=3 the third check prints the
// growing stacks; later checks do nothing, and nothing more is printed at
// exit.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=leak_growth_checks=3 not %run %t 2>&1 | FileCheck %s --check-prefix=NO-INTERVAL
// RUN: env SLEUTH_OPTIONS=leak_growth_checks=1:heap_profile_interval_s=5 not %run %t 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: env SLEUTH_OPTIONS=leak_kinds_fail=growth,grown not %run %t 2>&1 | FileCheck %s --check-prefix=BAD-KIND
// RUN: env SLEUTH_OPTIONS=leak_growth_checks=3:heap_profile_interval_s=3600 %run %t 2>&1 | FileCheck %s --check-prefix=THIRD
#include <sleuth/sleuth.h>
#include <stdio.h>
#include <stdlib.h>

static void **table;

int main(void) {
  fprintf(stderr, "main ran\n");
  for (int check = 0; check < 5; check++) {
    table = realloc(table, (check + 1) * 64 * sizeof(void *));
    fprintf(stderr, "check %d: %zu\n", check, sleuth_leak_growth_check());
  }
  return 0;
}
// NO-INTERVAL: {{^==[0-9]+==ERROR: Sleuth: option 'leak_growth_checks' in SLEUTH_OPTIONS needs heap_profile_interval_s=SECONDS \(the time between two checks\)$}}
// NO-INTERVAL-NOT: main ran
// ONE: {{^==[0-9]+==ERROR: Sleuth: invalid value '1' for option 'leak_growth_checks' in SLEUTH_OPTIONS \(expected 0, or 2 or more: growth needs two checks\)$}}
// ONE-NOT: main ran
// BAD-KIND: ERROR: Sleuth: invalid value 'growth,grown' for option 'leak_kinds_fail'
// BAD-KIND-NOT: main ran
// THIRD: main ran
// THIRD-NEXT: check 0: 0
// THIRD-NEXT: check 1: 1024
// THIRD-NEXT: ==========
// THIRD-NEXT: WARNING: Sleuth: detected growth leaks
// THIRD-EMPTY:
// THIRD-NEXT: Growing: 1536 byte(s) in 1 object(s), +{{[0-9]+\.[0-9]}} bytes/s over 3 checks, allocated from:
// THIRD-NEXT: {{#0 0x[0-9a-f]+ in realloc}}
// THIRD-NEXT: {{#1 0x[0-9a-f]+ in main .*}}growth-options.c:20:
// THIRD: SUMMARY: Sleuth: 1536 byte(s) in 1 allocation(s) grew at every one of 3 checks.
// THIRD-NEXT: check 2: 1536
// THIRD-NEXT: check 3: 0
// THIRD-NEXT: check 4: 0
// THIRD-NOT: Growing
