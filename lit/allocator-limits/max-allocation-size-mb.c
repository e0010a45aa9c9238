// max_allocation_size_mb lowers the limit: 2 MiB is too big with a 1 MiB
// limit and fine without.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=max_allocation_size_mb=1 not %run %t 2>&1 | FileCheck %s
// RUN: %run %t 2>&1 | FileCheck %s --check-prefix=DEFAULT
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  void *p = malloc((size_t)argc << 21);
  // CHECK: ERROR: Sleuth: allocation-size-too-big: requested allocation size 0x200000 (0x{{[0-9a-f]+}} after adjustments for alignment, red zones etc.) exceeds maximum supported size of 0x100000 (thread T0)
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}max-allocation-size-mb.c:[[@LINE-3]]
  // DEFAULT-NOT: Sleuth
  // DEFAULT: allocated
  puts(p ? "allocated" : "NULL");
  free(p);
  return 0;
}
