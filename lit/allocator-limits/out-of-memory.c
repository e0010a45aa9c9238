// A 512 GiB request that the kernel refuses (more than RAM + swap under the
// default heuristic overcommit) is out-of-memory, reported with its stack.
// REQUIRES: overcommit-limited
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  size_t size = (size_t)argc << 39;
  char *p = (char *)malloc(size);
  // CHECK: ERROR: Sleuth: out-of-memory: allocator is trying to allocate 0x8000000000 bytes (thread T0)
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}out-of-memory.c:[[@LINE-3]]
  // CHECK: SUMMARY: Sleuth: out-of-memory {{.*}}out-of-memory.c:[[@LINE-4]]:{{[0-9]+}} in main
  // CHECK-NOT: returned
  printf("malloc returned %p\n", p);
  return 0;
}
