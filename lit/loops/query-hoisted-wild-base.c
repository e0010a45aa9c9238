// A range query hoisted out of a nest is asked whether or not its inner
// loop runs: here the inner loop never does, and its base pointer is not
// memory at all (an address whose shadow would be the shadow gap). The
// query there must not read the shadow inline; the runtime's answer
// ("not addressable") only picks the checked copy, which never runs.
// Clean: no crash, no report.
// RUN: %sleuth_cc -O1 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
// CHECK-NOT: ERROR: Sleuth
// CHECK: sum 0
#include <stdint.h>
#include <stdio.h>

__attribute__((noinline)) static long sum(const long *p, int n, int m,
                                          int only) {
  long s = 0;
  for (int i = 0; i < m; i++)
    if (i == only)
      for (int k = 0; k < n; k++)
        s += p[k];
  return s;
}

int main(int argc, char **argv) {
  (void)argv;
  // The start of the low shadow: its own shadow lies in the shadow gap.
  const long *wild = (const long *)(uintptr_t)0x7fff8000;
  printf("sum %ld\n", sum(wild, argc + 3, argc + 9, -argc));
  return 0;
}
