// Sampled guard pages (guard_pages=1: every allocation that fits a slot).
// The program is built without Sleuth; its bad accesses are plain loads
// and stores that nothing checks, so only the guard page sees them, at
// the faulting instruction. Guarded blocks alternate between the end of
// their slot (an overflow faults) and its start (an underflow faults), so
// each access is tried on two blocks in a row: one of them faults.
// RUN: %clang -O1 -g -fno-omit-frame-pointer %s -o %t
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %sleuth_run %t over 2>&1 | FileCheck %s --check-prefix=OVER
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %sleuth_run %t under 2>&1 | FileCheck %s --check-prefix=UNDER
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %sleuth_run %t uaf-read 2>&1 | FileCheck %s --check-prefix=UAFR
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %sleuth_run %t uaf-write 2>&1 | FileCheck %s --check-prefix=UAFW
// RUN: %clang -O1 -g -fomit-frame-pointer %s -o %t.nofp
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %sleuth_run %t.nofp over 2>&1 | FileCheck %s --check-prefix=OVER
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %sleuth_run %t.nofp under 2>&1 | FileCheck %s --check-prefix=UNDER
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %sleuth_run %t.nofp uaf-read 2>&1 | FileCheck %s --check-prefix=UAFR
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %sleuth_run %t.nofp uaf-write 2>&1 | FileCheck %s --check-prefix=UAFW
// Profile-only mode (sleuth-run --profile) finds the same, with glibc's heap
// for everything else.
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %sleuth_run --profile %t over 2>&1 | FileCheck %s --check-prefix=OVER
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %sleuth_run --profile %t.nofp under 2>&1 | FileCheck %s --check-prefix=UNDER
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %sleuth_run --profile %t uaf-read 2>&1 | FileCheck %s --check-prefix=UAFR
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %sleuth_run --profile %t.nofp uaf-write 2>&1 | FileCheck %s --check-prefix=UAFW
// A guarded block freed twice, or freed by an interior pointer, in both heaps.
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %sleuth_run %t double-free 2>&1 | FileCheck %s --check-prefix=DOUBLE
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %sleuth_run --profile %t double-free 2>&1 | FileCheck %s --check-prefix=DOUBLE
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %sleuth_run %t bad-free 2>&1 | FileCheck %s --check-prefix=BADFREE
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %sleuth_run --profile %t bad-free 2>&1 | FileCheck %s --check-prefix=BADFREE
// halt_on_error=0: reported once, the page opened, the program goes on.
// RUN: env SLEUTH_OPTIONS=guard_pages=1:halt_on_error=0 not %sleuth_run %t over 2>&1 | FileCheck %s --check-prefix=GOON
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *volatile sink;

__attribute__((noinline)) static char *make(size_t n) {
  char *p = malloc(n);
  __asm__ volatile("" ::: "memory");
  return p;
}

__attribute__((noinline)) static void release(char *p) {
  free(p);
  __asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) static void write_past(char *p, size_t n) {
  p[n] = 'x'; // OVERFLOW-LINE
  __asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) static char read_before(char *p) {
  char c = p[-1]; // UNDERFLOW-LINE
  __asm__ volatile("" ::: "memory");
  return c;
}

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "";
  if (!strcmp(what, "over")) {
    for (int i = 0; i < 2; i++)
      write_past(make(48), 48);
  } else if (!strcmp(what, "under")) {
    for (int i = 0; i < 2; i++)
      sink = (char *)(long)read_before(make(48));
  } else if (!strcmp(what, "uaf-read")) {
    char *p = make(100);
    release(p);
    sink = (char *)(long)((volatile char *)p)[7]; // UAF-READ-LINE
  } else if (!strcmp(what, "uaf-write")) {
    char *p = make(100);
    release(p);
    ((volatile char *)p)[90] = 1; // UAF-WRITE-LINE
  } else if (!strcmp(what, "double-free")) {
    char *p = make(40);
    release(p);
    release(p);
  } else if (!strcmp(what, "bad-free")) {
    char *p = make(40);
    release(p + 8);
  }
  fprintf(stderr, "went on\n");
  return 0;
}
// OVER: ERROR: Sleuth: heap-buffer-overflow on address
// OVER: detected by a guard page
// OVER: WRITE of size 1 at
// OVER: #0 {{.*}} in write_past {{.*}}guard-page-errors.c:48{{$|:}}
// OVER: #1 {{.*}} in main
// OVER: is located 0 bytes after 48-byte region
// OVER: allocated by thread T0 here:
// OVER: in make {{.*}}guard-page-errors.c
// OVER-NOT: went on

// UNDER: ERROR: Sleuth: heap-buffer-overflow on address
// UNDER: detected by a guard page
// UNDER: READ of size 1 at
// UNDER: #0 {{.*}} in read_before {{.*}}guard-page-errors.c:53{{$|:}}
// UNDER: is located 1 bytes before 48-byte region
// UNDER: allocated by thread T0 here:
// UNDER: in make {{.*}}guard-page-errors.c
// UNDER-NOT: went on

// UAFR: ERROR: Sleuth: heap-use-after-free on address
// UAFR: detected by a guard page
// UAFR: READ of size 1 at
// UAFR: #0 {{.*}} in main {{.*}}guard-page-errors.c:69{{$|:}}
// UAFR: is located 7 bytes inside of 100-byte region
// UAFR: freed by thread T0 here:
// UAFR: in release {{.*}}guard-page-errors.c
// UAFR: previously allocated by thread T0 here:
// UAFR: in make {{.*}}guard-page-errors.c
// UAFR-NOT: went on

// UAFW: ERROR: Sleuth: heap-use-after-free on address
// UAFW: detected by a guard page
// UAFW: WRITE of size 1 at
// UAFW: #0 {{.*}} in main {{.*}}guard-page-errors.c:73{{$|:}}
// UAFW: is located 90 bytes inside of 100-byte region
// UAFW: freed by thread T0 here:
// UAFW: in release {{.*}}guard-page-errors.c
// UAFW: previously allocated by thread T0 here:
// UAFW: in make {{.*}}guard-page-errors.c

// GOON: ERROR: Sleuth: heap-buffer-overflow on address
// GOON: detected by a guard page
// GOON-NOT: ERROR: Sleuth
// GOON: went on

// DOUBLE: ERROR: Sleuth: double-free
// DOUBLE: in release {{.*}}guard-page-errors.c
// DOUBLE: is located 0 bytes inside of 40-byte region
// DOUBLE: freed by thread T0 here:
// DOUBLE: in release {{.*}}guard-page-errors.c
// DOUBLE: previously allocated by thread T0 here:
// DOUBLE: in make {{.*}}guard-page-errors.c

// BADFREE: ERROR: Sleuth: bad-free
// BADFREE: in release {{.*}}guard-page-errors.c
// BADFREE: is located 8 bytes inside of 40-byte region
// BADFREE: allocated by thread T0 here:
// BADFREE: in make {{.*}}guard-page-errors.c
