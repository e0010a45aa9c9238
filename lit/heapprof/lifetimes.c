// Lifetime classes on a program with known lifetimes: temp_site frees each
// 1000-byte block at once (temporary), long_site holds its blocks for
// HOLD_MS, longer than heap_profile_temporary_ms, then frees them
// (long-lived), live_site never frees (live at the exit dump). With every
// allocation recorded the split is exact; sampled, each site's bytes are
// in its own class within the error bar sleuth-report prints, and the
// other classes are empty (Inputs/check_lifetimes.py). The checker's
// allocator (header bit) and the preload path (address-keyed) both.
// Usage: %t N_TEMP N_LONG N_LIVE HOLD_MS
// RUN: %sleuth_cc -O1 -g %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_temporary_ms=200:heap_profile_prefix=%t.d/exact %run %t 2000 500 300 600
// RUN: %sleuth_build/bin/sleuth-report --lifetimes %t.d/exact.*.0.heap | FileCheck %s --check-prefix=EXACT
// EXACT: Lifetimes: temporary = freed within 200 ms of allocation, long-lived = freed later, live = not freed at the dump, {{[0-9.]+}} s after start
// EXACT-NEXT: Sample interval 1 byte: exact counts (+-2s is 0)
// EXACT-NEXT: Total: temporary 2000000 bytes (1.9 MiB) +- 0 [2000], long-lived 500000 bytes (488.3 KiB) +- 0 [500], live 300000 bytes (293.0 KiB) +- 0 [300]
// EXACT: By churn (temporary bytes per second):
// EXACT-NEXT: temp B/s temporary B +-2s n long-lived B +-2s n live B +-2s n alloc B/s site
// EXACT-NEXT: {{[0-9]+}} 2000000 0 2000 0 0 0 0 0 0 {{[0-9]+}} temp_site lifetimes.c:[[@LINE+28]] < main
// EXACT-NEXT: {{^$}}
// EXACT-NEXT: By retention (bytes still live at the dump, then long-lived):
// EXACT-NEXT: temp B/s temporary B +-2s n long-lived B +-2s n live B +-2s n alloc B/s site
// EXACT-NEXT: 0 0 0 0 0 0 0 300000 0 300 {{[0-9]+}} live_site lifetimes.c:[[@LINE+37]] < main
// EXACT-NEXT: 0 0 0 0 500000 0 500 0 0 0 {{[0-9]+}} long_site lifetimes.c:[[@LINE+31]] < main
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=4096:heap_profile_temporary_ms=200:heap_profile_prefix=%t.d/s %run %t 2000 500 300 600
// RUN: %sleuth_build/bin/sleuth-report --lifetimes %t.d/s.*.0.heap > %t.d/s.txt
// RUN: %python %S/Inputs/check_lifetimes.py %t.d/s.txt temp_site=temporary:2000000 long_site=long-lived:500000 live_site=live:300000 | FileCheck %s --check-prefix=SAMPLED
// SAMPLED: lifetimes: 3 sites in their class within the error bar
// The same through the preload path (blocks found again by address).
// RUN: %clang -O1 -g %s -o %t.plain
// RUN: env SLEUTH_OPTIONS=heap_profile_sample=1:heap_profile_temporary_ms=200:heap_profile_prefix=%t.d/pre %sleuth_run --profile %t.plain 2000 500 300 600
// RUN: %sleuth_build/bin/sleuth-report --lifetimes %t.d/pre.*.0.heap | FileCheck %s --check-prefix=PRELOAD
// PRELOAD: Total: temporary 2000000 bytes (1.9 MiB) +- 0 [2000], long-lived 500000 bytes (488.3 KiB) +- 0 [500], live 300000 bytes (293.0 KiB) +- 0 [300]
#include <stdlib.h>
#include <time.h>

static void *keep[100000];

static void sleep_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000};
  while (nanosleep(&ts, &ts))
    ;
}

__attribute__((noinline)) static void temp_site(long n) {
  for (long i = 0; i < n; i++) {
    char *p = malloc(1000);
    __asm__ volatile("" : : "r"(p) : "memory"); /* keep the malloc/free pair */
    free(p);
  }
}

__attribute__((noinline)) static void long_site(void **k, long n) {
  for (long i = 0; i < n; i++)
    k[i] = malloc(1000);
}

__attribute__((noinline)) static void live_site(void **k, long n) {
  for (long i = 0; i < n; i++)
    k[i] = malloc(1000);
}

int main(int argc, char **argv) {
  if (argc < 5)
    return 2;
  long nt = atol(argv[1]), nl = atol(argv[2]), nv = atol(argv[3]);
  long hold = atol(argv[4]);
  long_site(keep, nl);
  temp_site(nt);
  sleep_ms(hold);
  for (long i = 0; i < nl; i++)
    free(keep[i]);
  live_site(keep, nv);
  return 0;
}
