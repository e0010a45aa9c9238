// The twin of heap/overflow-into-freed-neighbour.c: an index from a pointer
// to a block that is itself freed stays a heap-use-after-free of that block,
// also when a live block lies right before it.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) int get(const int *row, long i) {
  return row[i]; // the faulting line
}

int main(int argc, char **argv) {
  (void)argv;
  int *before = malloc(8 * sizeof(int));
  int *row = malloc(8 * sizeof(int));
  free(row);
  printf("%d\n", get(row, argc + 2));
  // CHECK: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: #0 0x{{[0-9a-f]+}} in get {{.*}}index-into-freed-block.c:10
  // CHECK-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}index-into-freed-block.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 12 bytes inside of 32-byte region
  // CHECK-NEXT: freed by thread T0 here:
  // CHECK: #1 0x{{[0-9a-f]+}} in main {{.*}}index-into-freed-block.c:17
  // CHECK: previously allocated by thread T0 here:
  // CHECK: #1 0x{{[0-9a-f]+}} in main {{.*}}index-into-freed-block.c:16
  // CHECK-NOT: landed in a freed block
  // CHECK: SUMMARY: Sleuth: heap-use-after-free
  free(before);
  return 0;
}
