// A block still pointed to by a global is not a leak: silent, exit 0. With
// show_reachable=1 it is listed as Reachable, and the exit status stays 0.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=show_reachable=1 %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
#include <stdlib.h>

struct table {
  char *rows[4];
} *cache;

int main(void) {
  cache = malloc(sizeof *cache);
  for (int i = 0; i < 4; i++)
    cache->rows[i] = malloc(1000);
  return 0;
}
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK: Reachable: 4000 byte(s) in 4 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}reachable-global.c:[[@LINE-6]]
// CHECK: Reachable: 32 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}reachable-global.c:[[@LINE-11]]
// CHECK: definitely lost: 0 bytes in 0 blocks
// CHECK: still reachable: 4,{{[0-9]+}} bytes in {{[0-9]+}} blocks
// CHECK: SUMMARY: Sleuth: 0 byte(s) leaked in 0 allocation(s).
