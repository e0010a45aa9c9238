// A leak:PATTERN rule matching a function of the allocation stack (with a
// `*` wildcard) drops that record: it leaves the kinds' totals and the exit
// status, and the LEAK SUMMARY counts it as suppressed. Other leaks stay.
// RUN: printf '# comment line\n\nleak:legacy_*   # trailing comment\n' > %t.supp
// RUN: %sleuth_cc -O0 %s -o %t && not %run env SLEUTH_OPTIONS=suppressions=%t.supp %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run env SLEUTH_OPTIONS=suppressions=%t.supp %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

void *volatile sink;

__attribute__((noinline)) void legacy_init(void) {
  char *volatile p = malloc(100);
  memset(p, 1, 100);
  p = 0;
}

__attribute__((noinline)) void current_code(void) {
  char *volatile p = malloc(40);
  memset(p, 1, 40);
  p = 0;
}

__attribute__((noinline)) static void scrub(void) {
  volatile char buf[8192];
  memset((char *)buf, 0, sizeof buf);
  __asm__ volatile("" : : "r"(buf) : "memory");
}

int main(void) {
  legacy_init();
  current_code();
  scrub();
  return 0;
}
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK-NOT: legacy_init
// CHECK: Direct leak of 40 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in current_code .*}}leak-by-function.c:19
// CHECK-NOT: legacy_init
// CHECK: LEAK SUMMARY:
// CHECK-NEXT: definitely lost: 40 bytes in 1 blocks
// CHECK-NEXT: indirectly lost: 0 bytes in 0 blocks
// CHECK-NEXT: possibly lost: 0 bytes in 0 blocks
// CHECK-NEXT: still reachable: {{[0-9,]+}} bytes in {{[0-9]+}} blocks
// CHECK-NEXT: {{^        suppressed: 100 bytes in 1 blocks$}}
// CHECK-NEXT: SUMMARY: Sleuth: 40 byte(s) leaked in 1 allocation(s).
