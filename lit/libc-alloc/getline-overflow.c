// getline allocates the line buffer and reports its size in *cap; reading
// at index *cap is past the end. The allocation stack is getline in main.
// RUN: %sleuth_cc -O0 %s -o %t && echo hello | not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && echo hello | not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  char *line = NULL;
  size_t cap = 0;
  if (getline(&line, &cap, stdin) < 0)
    return 2;
  int r = line[cap];
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}getline-overflow.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after [[CAP:[0-9]+]]-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in getline}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}getline-overflow.c:[[@LINE-9]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}getline-overflow.c:[[@LINE-8]]:{{[0-9]+}} in main
  free(line);
  return r;
}
