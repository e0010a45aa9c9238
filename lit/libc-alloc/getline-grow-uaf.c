// When getline grows the buffer it reallocates it; the old buffer is freed
// and "freed by" is getline called from main.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: printf 'short\n%0300d\n' 0 | not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: printf 'short\n%0300d\n' 0 | not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  char *line = NULL;
  size_t cap = 0;
  if (getline(&line, &cap, stdin) < 0) // first
    return 2;
  char *first = line;
  if (getline(&line, &cap, stdin) < 0) // second: 301 bytes, must grow
    return 3;
  if (line == first)
    return 4;
  int r = first[argc];
  // CHECK: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}getline-grow-uaf.c:[[@LINE-3]]
  // CHECK: freed by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in getline}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}getline-grow-uaf.c:[[@LINE-10]]
  // CHECK: previously allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in getline}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}getline-grow-uaf.c:[[@LINE-16]]
  free(line);
  return r;
}
