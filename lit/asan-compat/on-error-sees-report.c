// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O0 -DDOUBLE_FREE %s -o %t && not %run %t 2>&1 | FileCheck --check-prefix=DF %s
#include <sanitizer/asan_interface.h>
#include <stdio.h>
#include <stdlib.h>

static char *block;

void __asan_on_error(void) {
  fprintf(stderr, "on_error: %s at offset %ld, write=%d size=%zu\n",
          __asan_get_report_description(),
          (long)((char *)__asan_get_report_address() - block),
          __asan_get_report_access_type(), __asan_get_report_access_size());
}

int main(int argc, char **argv) {
  block = malloc(16);
#ifdef DOUBLE_FREE
  free(block);
  free(block);
  // DF: on_error: double-free at offset 0, write=0 size=0
  // DF: ERROR: Sleuth: double-free: attempting double-free on
  // DF: {{#1 0x[0-9a-f]+ in main .*}}on-error-sees-report.c:[[@LINE-3]]
#else
  ((volatile char *)block)[argc + 16] = 1;
  // CHECK: on_error: heap-buffer-overflow at offset 17, write=1 size=1
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address
  // CHECK-NEXT: WRITE of size 1
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}on-error-sees-report.c:[[@LINE-4]]
#endif
  return 0;
}

// A program's __asan_on_error runs once the report's facts are set and
// before its text is written, as in ASan: it sees the kind, the access and
// (for a double free, as __asan_get_report_address gives it there) the
// address. A program with no error (allocator-interface.c, interface-all.c)
// never calls it.
