// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=mmap_limit_mb=64 not %run %t 100 1000 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=mmap_limit_mb=64 not %run %t 100 1000000 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=mmap_limit_mb=64 %run %t 20 1000 2>&1 | FileCheck %s --check-prefix=FITS
// RUN: env SLEUTH_OPTIONS=mmap_limit_mb=64 %run %t 20 1000000 2>&1 | FileCheck %s --check-prefix=FITS
// RUN: env SLEUTH_OPTIONS=mmap_limit_mb=64:quarantine_size_mb=16 %run %t 500 1000000 free 2>&1 | FileCheck %s --check-prefix=FITS
// RUN: %run %t 100 1000000 2>&1 | FileCheck %s --check-prefix=FITS
// RUN: env SLEUTH_OPTIONS=mmap_limit_mb=64:allocator_may_return_null=1 %run %t 100 1000000 2>&1 | FileCheck %s --check-prefix=NULL
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *blocks[1 << 20];

int main(int argc, char **argv) {
  long total = atol(argv[1]) << 20, size = atol(argv[2]);
  int free_as_we_go = argc > 3 && !strcmp(argv[3], "free");
  long n = 0;
  for (long got = 0; got < total; got += size, n++) {
    char *p = malloc(size);
    if (!p) {
      printf("malloc returned NULL after %ld MiB\n", got >> 20);
      return 0;
    }
    p[0] = 1;
    if (free_as_we_go)
      free(p);
    else
      blocks[n] = p;
  }
  for (long i = 0; i < n; i++)
    free(blocks[i]);
  printf("all %ld blocks allocated\n", n);
  return 0;
}
// CHECK: ERROR: Sleuth: out-of-memory: allocator is trying to allocate 0x{{[0-9a-f]+}} bytes (thread T0): total_mmaped would be {{6[4-9]|7[0-9]}} MiB, over mmap_limit_mb=64
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}mmap-limit-mb.c:20
// CHECK: SUMMARY: Sleuth: out-of-memory {{.*}}mmap-limit-mb.c:20:{{[0-9]+}} in main
// CHECK-NOT: all {{.*}} blocks allocated
// FITS-NOT: ERROR
// FITS: all {{[0-9]+}} blocks allocated
// NULL-NOT: ERROR
// NULL: malloc returned NULL after {{6[0-9]}} MiB
//
// mmap_limit_mb=64: the allocator maps at most 64 MiB for blocks. Holding
// 100 MiB of small or of large blocks passes it: out-of-memory naming
// total_mmaped and the limit, with the allocation's stack. Under the limit, or
// with large blocks freed as they go (their mappings are given back), the
// program runs to the end (the quarantine holds freed blocks mapped, so it is
// kept below the limit there); allocator_may_return_null=1 gets NULL instead.
