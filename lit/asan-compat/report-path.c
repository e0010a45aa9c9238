// __sanitizer_set_report_path sends reports to <path>.<pid>, as log_path
// does, and __sanitizer_get_report_path names that file.
// RUN: rm -f %t.log.*
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t %t.log 2> %t.stderr
// RUN: FileCheck --check-prefix=OUT %s < %t.stderr
// RUN: cat %t.log.* | FileCheck %s
#include <sanitizer/common_interface_defs.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  __sanitizer_set_report_path(argv[1]);
  fprintf(stderr, "path %s\n", __sanitizer_get_report_path());
  // OUT: path {{.*}}report-path.c.tmp.log.{{[0-9]+$}}
  // OUT-NOT: ERROR
  char *p = malloc(8);
  ((volatile char *)p)[argc + 6] = 1;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow
  // CHECK-NEXT: WRITE of size 1
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}report-path.c:[[@LINE-3]]
  // CHECK: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}report-path.c:[[@LINE-7]]
  free(p);
  return 0;
}
