// __sanitizer_annotate_contiguous_container with arguments it cannot use
// (old_mid past end; beg not 8-aligned) is ASan's
// bad-__sanitizer_annotate_contiguous_container error: the arguments, what
// is wrong with the alignment, the call's stack; it stops the program
// (halt_on_error=0: the call is ignored and the program goes on).
// The container-overflow hint names the variable the user sets: ASAN_OPTIONS
// unless SLEUTH_OPTIONS is set (the runtime reads ASAN_OPTIONS then).
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not %run %t bounds 2>&1 | FileCheck %s --check-prefixes=CHECK,BOUNDS
// RUN: not %run %t align 2>&1 | FileCheck %s --check-prefixes=CHECK,ALIGN
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t bounds 2>&1 | FileCheck %s --check-prefixes=CHECK,BOUNDS,GO-ON
// RUN: not %run %t overflow 2>&1 | FileCheck %s --check-prefixes=CO,CO-ASAN
// RUN: env ASAN_OPTIONS=verbosity=0 not %run %t overflow 2>&1 | FileCheck %s --check-prefixes=CO,CO-ASAN
// RUN: env SLEUTH_OPTIONS=verbosity=0 not %run %t overflow 2>&1 | FileCheck %s --check-prefixes=CO,CO-SLEUTH
// The option the hint names turns the report off.
// RUN: env ASAN_OPTIONS=detect_container_overflow=0 %run %t overflow 2>&1 | FileCheck %s --check-prefix=OFF
#include <sanitizer/common_interface_defs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  long *t = (long *)malloc(100 * sizeof(long));
  if (!strcmp(argv[1], "overflow")) {
    __sanitizer_annotate_contiguous_container(t, t + 100, t + 100, t + 50);
    volatile long *p = t;
    long v = p[60];
    // CO: ERROR: Sleuth: container-overflow on address
    // CO-NEXT: READ of size 8 at
    // CO-NEXT: {{#0 0x[0-9a-f]+ in main .*}}container-bad-params.c:[[@LINE-3]]
    // CO: SUMMARY: Sleuth: container-overflow
    // CO-ASAN-NEXT: ==HINT: if you don't care about these errors you may set ASAN_OPTIONS=detect_container_overflow=0
    // CO-SLEUTH-NEXT: ==HINT: if you don't care about these errors you may set SLEUTH_OPTIONS=detect_container_overflow=0
    // OFF: not reported
    fprintf(stderr, "not reported %ld\n", v);
    free(t);
    return 0;
  }
  if (!strcmp(argv[1], "bounds"))
    __sanitizer_annotate_contiguous_container(t, t + 100, t + 101, t + 50);
  else
    __sanitizer_annotate_contiguous_container((char *)t + 4, t + 100, t + 10,
                                              t + 50);
  // CHECK: ERROR: Sleuth: bad-__sanitizer_annotate_contiguous_container: bad parameters to __sanitizer_annotate_contiguous_container:
  // CHECK-NEXT: {{^      beg     : 0x}}
  // CHECK-NEXT: {{^      end     : 0x}}
  // CHECK-NEXT: {{^      old_mid : 0x}}
  // CHECK-NEXT: {{^      new_mid : 0x}}
  // ALIGN-NEXT: {{^==[0-9]+==ERROR: beg is not aligned by 8}}
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in __sanitizer_annotate_contiguous_container }}
  // BOUNDS-NEXT: {{#1 0x[0-9a-f]+ in main .*}}container-bad-params.c:[[@LINE-11]]
  // ALIGN-NEXT: {{#1 0x[0-9a-f]+ in main .*}}container-bad-params.c:[[@LINE-10]]
  // BOUNDS: SUMMARY: Sleuth: bad-__sanitizer_annotate_contiguous_container {{.*}}container-bad-params.c:[[@LINE-13]]:{{[0-9]+}} in main
  // ALIGN: SUMMARY: Sleuth: bad-__sanitizer_annotate_contiguous_container {{.*}}container-bad-params.c:[[@LINE-12]]:{{[0-9]+}} in main
  // GO-ON: ignored: 0
  fprintf(stderr, "ignored: %d\n", __sanitizer_verify_contiguous_container(t, t + 50, t + 100));
  free(t);
  return 0;
}
