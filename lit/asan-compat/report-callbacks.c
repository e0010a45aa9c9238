// What a program sees of an error through ASan's interface: its
// __asan_on_error runs first, the error report callback gets the report's
// text, __asan_get_report_* describe the access, and the death callback
// runs before the process exits.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <sanitizer/asan_interface.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *block;

void __asan_on_error(void) { fputs("on_error called\n", stderr); }

static void on_report(const char *text) {
  fprintf(stderr, "callback: has kind %d, has line %d\n",
          strstr(text, "ERROR: Sleuth: heap-buffer-overflow") != 0,
          strstr(text, "report-callbacks.c:") != 0);
}

static void on_death(void) {
  fprintf(stderr, "death: present=%d kind=%s write=%d size=%zu offset=%ld\n",
          __asan_report_present(), __asan_get_report_description(),
          __asan_get_report_access_type(), __asan_get_report_access_size(),
          (long)((char *)__asan_get_report_address() - block));
  fprintf(stderr, "death: pc set %d, sp set %d\n",
          __asan_get_report_pc() != 0, __asan_get_report_sp() != 0);
}

int main(int argc, char **argv) {
  __asan_set_error_report_callback(on_report);
  __asan_set_death_callback(on_death);
  block = malloc(16);
  ((volatile int *)block)[argc + 3] = 1;
  free(block);
  return 0;
}
// CHECK: on_error called
// CHECK: ERROR: Sleuth: heap-buffer-overflow on address
// CHECK-NEXT: WRITE of size 4
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}report-callbacks.c:35
// CHECK: callback: has kind 1, has line 1
// CHECK-NEXT: death: present=1 kind=heap-buffer-overflow write=1 size=4 offset=16
// CHECK-NEXT: death: pc set 1, sp set 1
