// out-of-memory as a JSON line (always fatal).
// REQUIRES: overcommit-limited
// RUN: %sleuth_cc -O0 -g %s -o %t
// RUN: env SLEUTH_OPTIONS=log_format=json:halt_on_error=0 not %run %t 2> %t.json
// RUN: %python %S/Inputs/check_json.py %t.json | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  (void)argv;
  char *p = (char *)malloc((size_t)argc << 39);
  // CHECK: kind: out-of-memory
  // CHECK-NOT: access:
  // CHECK: stack #0 malloc
  // CHECK-NEXT: stack #1 main {{.*}}out-of-memory.c:[[@LINE-4]]:{{[0-9]+}}
  // CHECK: summary: out-of-memory {{.*}}out-of-memory.c:[[@LINE-5]]:{{[0-9]+}} in main
  printf("malloc returned %p\n", p);
  return 0;
}
