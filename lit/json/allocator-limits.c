// Requests the allocator cannot satisfy, as JSON lines: no access, the
// allocating frame in the stack and the summary.
// RUN: %sleuth_cc -O0 -g %s -o %t
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t calloc 2> %t.calloc
// RUN: %python %S/Inputs/check_json.py %t.calloc | FileCheck %s --check-prefix=CALLOC
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t big 2> %t.big
// RUN: %python %S/Inputs/check_json.py %t.big | FileCheck %s --check-prefix=BIG
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  void *p = 0;
  if (!strcmp(argv[1], "calloc"))
    p = calloc((size_t)argc << 62, 8);
  // CALLOC: kind: calloc-overflow
  // CALLOC-NOT: access:
  // CALLOC: thread: T0
  // CALLOC-NEXT: stack #0 calloc
  // CALLOC-NEXT: stack #1 main {{.*}}allocator-limits.c:[[@LINE-5]]:{{[0-9]+}}
  // CALLOC: summary: calloc-overflow {{.*}}allocator-limits.c:[[@LINE-6]]:{{[0-9]+}} in main
  if (!strcmp(argv[1], "big"))
    p = malloc((size_t)argc << 41);
  // BIG: kind: allocation-size-too-big
  // BIG-NOT: access:
  // BIG: thread: T0
  // BIG-NEXT: stack #0 malloc
  // BIG-NEXT: stack #1 main {{.*}}allocator-limits.c:[[@LINE-5]]:{{[0-9]+}}
  // BIG: summary: allocation-size-too-big {{.*}}allocator-limits.c:[[@LINE-6]]:{{[0-9]+}} in main
  printf("returned %p\n", p);
  return 0;
}
