// An overflow of a live block that runs past its redzone into a freed
// neighbour: the shadow there says "freed", but the access was computed
// from the live block, so it is that block's heap-buffer-overflow ("in a
// freed block"), with the live block's allocation stack first, then the
// freed block's free and allocation stacks. ASan calls it a use after free.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t read 2>&1 | FileCheck %s --check-prefixes=CHECK,READ
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t read 2>&1 | FileCheck %s --check-prefixes=CHECK,READ
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t read 2>&1 | FileCheck %s --check-prefixes=CHECK,READ
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t write 2>&1 | FileCheck %s --check-prefixes=CHECK,WRITE
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t write 2>&1 | FileCheck %s --check-prefixes=CHECK,WRITE
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t write 2>&1 | FileCheck %s --check-prefix=JSON
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) int get(const int *row, long i) {
  return row[i]; // READ line
}
__attribute__((noinline)) void put(int *row, long i) {
  row[i] = 1; // WRITE line
}

int main(int argc, char **argv) {
  (void)argc;
  int *row = malloc(8 * sizeof(int));
  int *next = malloc(8 * sizeof(int));
  free(next);
  // An index that reaches the second int of the freed neighbour.
  long i = (long)(((uintptr_t)next - (uintptr_t)row) / sizeof(int)) + 1;
  if (!strcmp(argv[1], "read"))
    printf("%d\n", get(row, i));
  else
    put(row, i);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // READ-NEXT: READ of size 4 at [[ADDR]] thread T0
  // READ-NEXT: #0 0x{{[0-9a-f]+}} in get {{.*}}overflow-into-freed-neighbour.c:18
  // READ-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}overflow-into-freed-neighbour.c:32
  // WRITE-NEXT: WRITE of size 4 at [[ADDR]] thread T0
  // WRITE-NEXT: #0 0x{{[0-9a-f]+}} in put {{.*}}overflow-into-freed-neighbour.c:21
  // WRITE-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}overflow-into-freed-neighbour.c:34
  // CHECK: [[ADDR]] is located {{[0-9]+}} bytes after 32-byte region [{{0x[0-9a-f]+}},{{0x[0-9a-f]+}}), in a freed block
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: #0 0x{{[0-9a-f]+}} in malloc
  // CHECK-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}overflow-into-freed-neighbour.c:26
  // CHECK: The access landed in a freed block: [[ADDR]] is located 4 bytes inside of 32-byte region
  // CHECK-NEXT: freed by thread T0 here:
  // CHECK-NEXT: #0 0x{{[0-9a-f]+}} in free
  // CHECK-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}overflow-into-freed-neighbour.c:28
  // CHECK: previously allocated by thread T0 here:
  // CHECK-NEXT: #0 0x{{[0-9a-f]+}} in malloc
  // CHECK-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}overflow-into-freed-neighbour.c:27
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow
  // JSON: "kind":"heap-buffer-overflow"
  // JSON-SAME: "landed_in_freed_block":"{{0x[0-9a-f]+}} is located 4 bytes inside of 32-byte region
  return 0;
}
