// sleuth-run keeps ASan's variables working: without SLEUTH_OPTIONS its
// own defaults go in front of ASAN_OPTIONS, so the user's ASAN_OPTIONS and
// LSAN_OPTIONS still apply (a leak with the allocation line, the exit
// status from ASAN_OPTIONS; LSAN_OPTIONS turning leak detection off).
// RUN: %clang -O2 -g -fomit-frame-pointer %s -o %t
// RUN: env ASAN_OPTIONS=exitcode=23 %sleuth_run %t > %t.out 2>&1; test $? -eq 23
// RUN: FileCheck %s < %t.out
// RUN: env ASAN_OPTIONS=exitcode=23 LSAN_OPTIONS=detect_leaks=0 %sleuth_run %t 2>&1 | count 0
// The clean twin prints nothing.
// RUN: %clang -O2 -g -fomit-frame-pointer -DCLEAN %s -o %t.clean
// RUN: env ASAN_OPTIONS=exitcode=23 %sleuth_run %t.clean 2>&1 | count 0
#include <stdlib.h>
#include <string.h>

void *volatile sink;

int main(void) {
  char *p = malloc(57);
  memset(p, 1, 57);
  sink = p;
#ifdef CLEAN
  free(sink);
#endif
  sink = 0;
  return 0;
}
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK: Direct leak of 57 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}asan-options.c:18
