// A block referenced only through a pointer into its middle is possibly
// lost. Possible leaks are not in the default leak_kinds_fail: exit 0.
// With leak_kinds_fail=possible the same program exits 1.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=leak_kinds_fail=possible not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>

char *middle;

int main(void) {
  char *p = malloc(100);
  middle = p + 50;
  return 0;
}
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK-EMPTY:
// CHECK-NEXT: Possible leak of 100 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}possible-interior.c:[[@LINE-8]]
// CHECK: definitely lost: 0 bytes in 0 blocks
// CHECK-NEXT: indirectly lost: 0 bytes in 0 blocks
// CHECK-NEXT: possibly lost: 100 bytes in 1 blocks
// CHECK: SUMMARY: Sleuth: 100 byte(s) leaked in 1 allocation(s).
