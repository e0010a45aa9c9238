// print_cmdline=1 (ASan's option, also read from ASAN_OPTIONS) ends each
// error report with "Command:" and the program's arguments, before
// ABORTING, so a log says how to reproduce the run; off by default. With
// log_format=json it is the report's "command" string.
// RUN: %sleuth_cc -O0 %s -o %t-exe
// RUN: env SLEUTH_OPTIONS=print_cmdline=1 not %run %t-exe first second/third [fourth] 2>&1 | FileCheck %s
// RUN: env ASAN_OPTIONS=print_cmdline=true not %run %t-exe first 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: not %run %t-exe first 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: env SLEUTH_OPTIONS=print_cmdline=0 not %run %t-exe first 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: env SLEUTH_OPTIONS=print_cmdline=1:log_format=json not %run %t-exe a 'b c' 2>&1 | FileCheck %s --check-prefix=JSON
#include <stdlib.h>

int main(int argc, char **argv) {
  char *p = malloc(10);
  p[argc + 9] = 1;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address
  // CHECK-NEXT: WRITE of size 1 at
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}print-cmdline.c:[[@LINE-3]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}print-cmdline.c:[[@LINE-4]]
  // CHECK-EMPTY:
  // CHECK-NEXT: {{^Command: .*-exe first second/third \[fourth\]$}}
  // CHECK-EMPTY:
  // CHECK-NEXT: ABORTING
  // ASAN: SUMMARY: Sleuth: heap-buffer-overflow
  // ASAN: {{^Command: .*-exe first$}}
  // OFF: SUMMARY: Sleuth: heap-buffer-overflow
  // OFF-NOT: Command:
  // OFF: ABORTING
  // JSON: "kind":"heap-buffer-overflow"
  // JSON-SAME: "line":[[@LINE-15]]
  // JSON-SAME: "command":"{{[^"]*}}-exe a b c"}
  free(p);
  return 0;
}
