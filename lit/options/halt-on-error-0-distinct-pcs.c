// halt_on_error=0 reports each distinct error once: the same pc called
// from the same place. Sixty functions one macro makes on one source line
// are sixty errors (keyed by file:line:column they were six), with no cap
// (ASan stops at 25 distinct pcs); a helper's one bad access reached from
// two call sites is two; a loop reaching it again adds none.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s < %t.out
// RUN: grep -c "ERROR: Sleuth: heap-buffer-overflow" %t.out | FileCheck %s --check-prefix=COUNT
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 %run %t > %t.out 2>&1; test $? -eq 1
// RUN: grep -c "ERROR: Sleuth: heap-buffer-overflow" %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^62$}}
#include <stdio.h>
#include <stdlib.h>

#define F(n) __attribute__((noinline)) void f##n(void) { char *volatile p = malloc(16); p[16] = 1; free(p); }
#define TEN(d) F(d##0) F(d##1) F(d##2) F(d##3) F(d##4) F(d##5) F(d##6) F(d##7) F(d##8) F(d##9)
TEN(1) TEN(2) TEN(3) TEN(4) TEN(5) TEN(6)
// CHECK: WRITE of size 1
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in f10 .*}}halt-on-error-0-distinct-pcs.c:[[@LINE-2]]
// CHECK: WRITE of size 1
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in f11 .*}}halt-on-error-0-distinct-pcs.c:[[@LINE-4]]
// CHECK: {{#0 0x[0-9a-f]+ in f69 .*}}halt-on-error-0-distinct-pcs.c:[[@LINE-5]]

__attribute__((noinline)) static int helper(const char *p) { return p[8]; }

static void (*const fs[])(void) = {
#define G(n) f##n,
#define GTEN(d) G(d##0) G(d##1) G(d##2) G(d##3) G(d##4) G(d##5) G(d##6) G(d##7) G(d##8) G(d##9)
    GTEN(1) GTEN(2) GTEN(3) GTEN(4) GTEN(5) GTEN(6)};

__attribute__((noinline)) static int caller_a(const char *p) {
  int sum = 0;
  for (int i = 0; i < 3; i++)
    sum += helper(p); // one report for the three calls
  return sum;
}

__attribute__((noinline)) static int caller_b(const char *p) {
  return helper(p); // another caller: another report
}

int main(void) {
  for (int round = 0; round < 3; round++)
    for (unsigned i = 0; i < sizeof fs / sizeof *fs; i++)
      fs[i]();
  char *p = malloc(8);
  int sum = caller_a(p) + caller_b(p);
  // CHECK: READ of size 1
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in helper .*}}halt-on-error-0-distinct-pcs.c:[[HELPER:[0-9]+]]
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in caller_a .*}}halt-on-error-0-distinct-pcs.c
  // CHECK: READ of size 1
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in helper .*}}halt-on-error-0-distinct-pcs.c:[[HELPER]]
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in caller_b .*}}halt-on-error-0-distinct-pcs.c
  // CHECK-NOT: ERROR: Sleuth
  // CHECK: finished
  free(p);
  printf("finished %d\n", sum);
  return 0;
}
