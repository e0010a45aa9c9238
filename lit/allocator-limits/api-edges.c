// The allocation calls' own argument errors, reported as ASan reports them
// (or NULL/EINVAL with allocator_may_return_null=1), and memalign's glibc
// semantics (any alignment up to 2^63 is rounded up, 0 is malloc's).
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not %run %t reallocarray 2>&1 | FileCheck %s --check-prefix=RA
// RUN: not %run %t pvalloc 2>&1 | FileCheck %s --check-prefix=PV
// RUN: not %run %t aligned-huge 2>&1 | FileCheck %s --check-prefix=AH
// RUN: not %run %t memalign-huge 2>&1 | FileCheck %s --check-prefix=MH
// RUN: not %run %t aligned-3 2>&1 | FileCheck %s --check-prefix=A3
// RUN: not %run %t posix-3 2>&1 | FileCheck %s --check-prefix=P3
// RUN: %run %t memalign-0 2>&1 | FileCheck %s --check-prefix=M0
// RUN: %run %t memalign-3 2>&1 | FileCheck %s --check-prefix=M3
// RUN: env SLEUTH_OPTIONS=allocator_may_return_null=1 %run %t reallocarray 2>&1 | FileCheck %s --check-prefix=NULL
// RUN: env SLEUTH_OPTIONS=allocator_may_return_null=1 %run %t pvalloc 2>&1 | FileCheck %s --check-prefix=NULL
// RUN: env SLEUTH_OPTIONS=allocator_may_return_null=1 %run %t aligned-3 2>&1 | FileCheck %s --check-prefix=NULL
// RUN: env SLEUTH_OPTIONS=allocator_may_return_null=1 %run %t posix-3 2>&1 | FileCheck %s --check-prefix=PNULL
// RUN: env SLEUTH_OPTIONS=allocator_may_return_null=1 %run %t memalign-huge 2>&1 | FileCheck %s --check-prefix=NULL
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t big(const char *s) { return strtoull(s, 0, 0); } // opaque

int main(int argc, char **argv) {
  const char *w = argv[1];
  void *p = 0;
  int r = 0;
  (void)argc;
  if (!strcmp(w, "reallocarray"))
    p = reallocarray(0, big("0x7fffffffffffffff"), 3);
  // RA: ERROR: Sleuth: reallocarray-overflow: reallocarray parameters overflow: count * size (9223372036854775807 * 3) cannot be represented in type size_t (thread T0)
  // RA-NEXT: {{#0 0x[0-9a-f]+ in reallocarray}}
  // RA-NEXT: {{#1 0x[0-9a-f]+ in main .*}}api-edges.c:[[@LINE-3]]
  // RA: SUMMARY: Sleuth: reallocarray-overflow {{.*}}api-edges.c:[[@LINE-4]]
  if (!strcmp(w, "pvalloc"))
    p = pvalloc(big("0xffffffffffffffff"));
  // PV: ERROR: Sleuth: pvalloc-overflow: pvalloc parameters overflow: size 0xffffffffffffffff rounded up to system page size 0x1000 cannot be represented in type size_t (thread T0)
  // PV-NEXT: {{#0 0x[0-9a-f]+ in pvalloc}}
  // PV-NEXT: {{#1 0x[0-9a-f]+ in main .*}}api-edges.c:[[@LINE-3]]
  if (!strcmp(w, "aligned-huge"))
    p = aligned_alloc(big("0x10000000000"), 16);
  // AH: ERROR: Sleuth: allocation-size-too-big: requested allocation size 0x10 (0x{{[0-9a-f]+}} after adjustments for alignment, red zones etc.) exceeds maximum supported size of 0x10000000000 (thread T0)
  // AH-NEXT: {{#0 0x[0-9a-f]+ in aligned_alloc}}
  // AH-NEXT: {{#1 0x[0-9a-f]+ in main .*}}api-edges.c:[[@LINE-3]]
  if (!strcmp(w, "memalign-huge"))
    p = memalign(big("0x4000000000000000"), 10);
  // MH: ERROR: Sleuth: allocation-size-too-big: requested allocation size 0xa (0x{{[0-9a-f]+}} after adjustments for alignment, red zones etc.) exceeds maximum supported size of 0x10000000000 (thread T0)
  // MH-NEXT: {{#0 0x[0-9a-f]+ in memalign}}
  if (!strcmp(w, "aligned-3"))
    p = aligned_alloc(big("3"), 16);
  // A3: ERROR: Sleuth: invalid-aligned-alloc-alignment: invalid alignment requested in aligned_alloc: 3, alignment must be a power of two (size 0x10) (thread T0)
  // A3-NEXT: {{#0 0x[0-9a-f]+ in aligned_alloc}}
  // A3-NEXT: {{#1 0x[0-9a-f]+ in main .*}}api-edges.c:[[@LINE-3]]
  if (!strcmp(w, "posix-3"))
    r = posix_memalign(&p, big("3"), 10);
  // P3: ERROR: Sleuth: invalid-posix-memalign-alignment: invalid alignment requested in posix_memalign: 3, alignment must be a power of two and a multiple of sizeof(void*) == 8 (thread T0)
  // P3-NEXT: {{#0 0x[0-9a-f]+ in posix_memalign}}
  // P3-NEXT: {{#1 0x[0-9a-f]+ in main .*}}api-edges.c:[[@LINE-3]]
  if (!strcmp(w, "memalign-0"))
    p = memalign(big("0"), 10);
  if (!strcmp(w, "memalign-3")) {
    p = memalign(big("3"), 10);
    if ((uintptr_t)p % 4)
      return 5;
  }
  // M0: result ptr errno 0
  // M3: result ptr errno 0
  // NULL: result NULL errno {{12|22}}
  // NULL-NOT: ERROR
  // PNULL: result NULL errno 0 r 22
  printf("result %s errno %d r %d\n", p ? "ptr" : "NULL", p ? 0 : errno, r);
  free(p);
  return 0;
}
