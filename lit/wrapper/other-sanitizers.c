// RUN: %sleuth_cc -g -O0 -fsanitize=undefined %s -o %t
// RUN: %t 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: not %t overflow 2>&1 | FileCheck %s
// RUN: %sleuth_cc -g -O1 -fsanitize=integer,bounds,nullability,float-divide-by-zero %s -o %t.more
// RUN: not %t.more overflow 2>&1 | FileCheck %s
// RUN: not %t segv 2>&1 | FileCheck %s --check-prefix=SEGV
// Sanitizers with a runtime of their own are refused in one line, exit 1,
// when compiling as when linking; -fno-sanitize= takes one back. (libFuzzer
// is not refused: it shares the process with Sleuth's, lit/fuzzer/.)
// RUN: for s in address thread memory leak hwaddress dataflow numerical realtime type undefined,address; do \
// RUN:   %sleuth_cc -fsanitize=$s -c %s -o %t.o > %t.err 2>&1; test $? = 1 || exit 1; \
// RUN:   FileCheck %s --check-prefix=REFUSED --input-file=%t.err || exit 1; \
// RUN:   count 1 < %t.err || exit 1; \
// RUN: done
// RUN: not %sleuth_cc -fsanitize=thread %s -o %t.tsan 2>&1 | FileCheck %s --check-prefix=TSAN
// RUN: %sleuth_cc -fsanitize=address -fno-sanitize=address %s -o %t.back
// RUN: not %t.back overflow 2>&1 | FileCheck %s --check-prefix=SLEUTH
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "";
  int big = INT_MAX - 2 + argc;
  int sum = big + (argc > 1);
  // CHECK: other-sanitizers.c:[[@LINE-1]]:{{[0-9]+}}: runtime error: signed integer overflow
  fprintf(stderr, "sum %d\n", sum);
  char *p = malloc(8);
  if (strcmp(what, "segv") == 0)
    p = (char *)(size_t)(argc - 2);
  p[argc + 6] = 1;
  // SEGV: ERROR: Sleuth: SEGV on unknown address
  // SEGV: {{#0 .* in main .*}}other-sanitizers.c:[[@LINE-2]]
  // CHECK: ERROR: Sleuth: heap-buffer-overflow
  // CHECK-NEXT: WRITE of size 1
  // CHECK-NEXT: {{#0 .* in main .*}}other-sanitizers.c:[[@LINE-5]]
  // CHECK: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 .* in malloc}}
  // CHECK-NEXT: {{#1 .* in main .*}}other-sanitizers.c:[[@LINE-11]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow
  free(p);
  return 0;
}
// CLEAN-NOT: runtime error
// CLEAN-NOT: Sleuth
// CLEAN-NOT: Warning
// CLEAN: sum 2147483646
// CLEAN-NOT: Sleuth
// SLEUTH: ERROR: Sleuth: heap-buffer-overflow
// REFUSED: sleuth-cc: error: -fsanitize={{[a-z]+}} is not supported: its runtime brings {{.*}}cannot share a process with Sleuth's
// TSAN: sleuth-cc: error: -fsanitize=thread is not supported
//
// -fsanitize=undefined (UBSan) and the other checks without a runtime of
// their own work beside Sleuth: one program gets a UBSan report (the
// signed overflow, when an argument is given) and then a Sleuth report
// (the heap overflow); a wild access is still Sleuth's SEGV report, not
// UBSan's. sleuth-cc links UBSan's shared runtime (its static one defines
// the __sanitizer_* interface that Sleuth's runtime defines too).
// ASan, TSan, MSan, HWASan, DFSan, standalone LSan, libFuzzer, NSan, RTSan
// and TySan bring a malloc, a shadow or libc interceptors of their own:
// refused (the wrapper refuses before clang runs, so clang 14 needs no
// knowledge of the newer names).
