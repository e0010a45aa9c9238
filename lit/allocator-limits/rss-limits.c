// hard_rss_limit_mb and soft_rss_limit_mb, as ASan's options. The program
// keeps touched 1 MiB blocks, 300 MiB in all, then frees them and asks
// again. Past the hard limit the process says so and exits; past the soft
// limit allocations fail (NULL with allocator_may_return_null=1) until
// the memory is freed, then succeed again; without may_return_null the
// refusal is a report with the allocation's stack.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=hard_rss_limit_mb=100 not %run %t 2>&1 | FileCheck %s --check-prefix=HARD
// RUN: env SLEUTH_OPTIONS=soft_rss_limit_mb=100:allocator_may_return_null=1 %run %t 2>&1 | FileCheck %s --check-prefix=SOFT
// RUN: env SLEUTH_OPTIONS=soft_rss_limit_mb=100 not %run %t 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %run %t 2>&1 | FileCheck %s --check-prefix=NONE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *keep[300];

int main(void) {
  int nulls = 0, kept = 0;
  for (int i = 0; i < 300; i++) {
    char *p = malloc(1 << 20);
    if (!p) {
      nulls++;
      continue;
    }
    memset(p, 1, 1 << 20);
    keep[kept++] = p;
  }
  // HARD: ERROR: Sleuth: hard rss limit exhausted (100Mb vs {{[0-9]+}}Mb)
  // HARD-NOT: nulls
  // REPORT: ERROR: Sleuth: rss-limit-exceeded: specified RSS limit exceeded, currently set to soft_rss_limit_mb=100
  // REPORT-NEXT: #0 0x{{[0-9a-f]+}} in malloc
  // REPORT-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}rss-limits.c:[[@LINE-12]]
  // REPORT: SUMMARY: Sleuth: rss-limit-exceeded
  for (int i = 0; i < kept; i++)
    free(keep[i]);
  printf("nulls %s\n", nulls > 100 ? "many" : nulls ? "few" : "none");
  // SOFT: nulls many
  // NONE: nulls none
  void *again = malloc(1 << 20);
  printf("after free: %s\n", again ? "allocated" : "null");
  // SOFT-NEXT: after free: allocated
  // NONE-NEXT: after free: allocated
  free(again);
  return 0;
}
