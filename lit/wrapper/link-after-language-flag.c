// RUN: %sleuth_cc -x c %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -x c++ %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -x c %s -o %t && %run %t ok 2>&1 | count 0
#include <stdlib.h>

int main(int argc, char **argv) {
  (void)argv;
  char *p = (char *)malloc(4);
  p[argc == 2 ? 0 : 4] = 1;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address
  // CHECK-NEXT: WRITE of size 1 at
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}link-after-language-flag.c:[[@LINE-3]]
  free(p);
  return 0;
}

// A link line with '-x c' (or '-x c++') before the sources: the runtime
// archive the wrapper appends is still linked as an archive, not read as
// source, and the program is checked. A correct run prints nothing.
