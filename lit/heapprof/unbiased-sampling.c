// Sampling is unbiased: three allocation sites with known sizes (16 B,
// 4 KiB, 1 MiB) each keep `live` blocks and allocate and free `churn` more
// (counted only in the cumulative figures); after jeprof's scaling the
// estimated in-use and allocated bytes per site match the truth within
// 5 standard deviations of the sampling noise (Inputs/check_unbiased.py
// explains; figures with too few expected samples for a 10% bound are not
// checked, and each run must check a given number). Rate 1 must be exact.
// Usage: %t DUMP LIVE16 CHURN16 LIVE4K CHURN4K LIVE1M CHURN1M
// RUN: %sleuth_cc -O1 %s -o %t
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_prefix=%t.p:quarantine_size_mb=16 %run %t %t.1.heap 20000 20000 1000 1000 8 8 > %t.1.out
// RUN: %python %S/Inputs/check_unbiased.py %t.1.out %t.1.heap 6 | FileCheck %s --check-prefix=R1
// R1: unbiased: 6 checks passed
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=4096:heap_profile_prefix=%t.p:quarantine_size_mb=16 %run %t %t.4k.heap 1000000 1000000 2000 6000 8 8 > %t.4k.out
// RUN: %python %S/Inputs/check_unbiased.py %t.4k.out %t.4k.heap 6 | FileCheck %s --check-prefix=R4K
// R4K: unbiased: 6 checks passed
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=65536:heap_profile_prefix=%t.p:quarantine_size_mb=16 %run %t %t.64k.heap 1000000 14000000 8000 100000 8 8 > %t.64k.out
// RUN: %python %S/Inputs/check_unbiased.py %t.64k.out %t.64k.heap 4 | FileCheck %s --check-prefix=R64K
// R64K: unbiased: 4 checks passed
// At the default rate a 16-byte site needs about 10^8 allocations for a
// 10% bound; the 4 KiB and 1 MiB sites are checked on allocated bytes.
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_prefix=%t.p:quarantine_size_mb=16 %run %t %t.512k.heap 1000 0 1000 400000 32 2000 > %t.512k.out
// RUN: %python %S/Inputs/check_unbiased.py %t.512k.out %t.512k.heap 2 | FileCheck %s --check-prefix=R512K
// R512K: unbiased: 2 checks passed
#include <sleuth/sleuth.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

// The site functions allocate nothing else (the checker attributes every
// stack to the function of its first frame).
#define SITE(name, size)                                                       \
  __attribute__((noinline)) static void name(void **keep, long live,          \
                                             long churn) {                     \
    for (long i = 0; i < live + churn; i++) {                                  \
      void *p = malloc(size);                                                  \
      if (i < live)                                                            \
        keep[i] = p;                                                           \
      else                                                                     \
        free(p);                                                               \
    }                                                                          \
  }
SITE(site_16, 16)
SITE(site_4k, 4096)
SITE(site_1m, 1 << 20)

int main(int argc, char **argv) {
  if (argc != 8) {
    fprintf(stderr, "usage: %s DUMP L16 C16 L4K C4K L1M C1M\n", argv[0]);
    return 2;
  }
  long n[6];
  for (int i = 0; i < 6; i++)
    n[i] = atol(argv[2 + i]);
  printf("site 16 %#lx\nsite 4096 %#lx\nsite 1048576 %#lx\n",
         (unsigned long)(uintptr_t)site_16, (unsigned long)(uintptr_t)site_4k,
         (unsigned long)(uintptr_t)site_1m);
  void **a = calloc(n[0] + 1, sizeof *a), **b = calloc(n[2] + 1, sizeof *b),
       **c = calloc(n[4] + 1, sizeof *c);
  site_16(a, n[0], n[1]);
  site_4k(b, n[2], n[3]);
  site_1m(c, n[4], n[5]);
  if (sleuth_heap_profile_dump(argv[1]) != 0)
    return 1;
  printf("live %ld %ld %ld\nchurn %ld %ld %ld\n", n[0], n[2], n[4], n[1], n[3],
         n[5]);
  for (long i = 0; i < n[0]; i++)
    free(a[i]);
  for (long i = 0; i < n[2]; i++)
    free(b[i]);
  for (long i = 0; i < n[4]; i++)
    free(c[i]);
  free(a), free(b), free(c);
  return 0;
}
