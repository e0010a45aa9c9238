// A log_path file that cannot be created, or (from ASAN_OPTIONS, which
// never fails) a log_path too long for PATH_MAX: the first report says so
// in ASan's words ("Can't open file", "Path is too long") and, unlike ASan,
// which dies there, goes to stderr whole; the exit status is exitcode. A
// run without a report prints nothing.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=log_path=/dev/null/INVALID not %run %t 2> %t.err
// RUN: FileCheck %s --check-prefixes=CHECK,OPEN < %t.err
// RUN: env ASAN_OPTIONS=log_path=/dev/null/INVALID not %run %t 2> %t.err
// RUN: FileCheck %s --check-prefixes=CHECK,OPEN < %t.err
// RUN: env ASAN_OPTIONS=log_path=$(printf '0123456789%%05000d' 0) not %run %t 2> %t.err
// RUN: FileCheck %s --check-prefixes=CHECK,LONG < %t.err
// RUN: env ASAN_OPTIONS=log_path=$(printf '0123456789%%05000d' 0) %run %t quiet 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=log_path=/dev/null/INVALID %run %t quiet 2>&1 | count 0
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "quiet"))
    return 0;
  char *x = malloc(10);
  int res = x[argc * 10];
  // OPEN: =={{[0-9]+}}==ERROR: Can't open file: /dev/null/INVALID.{{[0-9]+}} (reason: 20); Sleuth writes its reports to stderr
  // LONG: =={{[0-9]+}}==ERROR: Path is too long: 01234567... (log_path, 5010 bytes); Sleuth writes its reports to stderr
  // CHECK-NEXT: ===
  // CHECK-NEXT: ERROR: Sleuth: heap-buffer-overflow on address
  // CHECK-NEXT: READ of size 1 at
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}log-path-errors.c:[[@LINE-6]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}log-path-errors.c:[[@LINE-7]]
  free(x);
  return res;
}
