// A write past a file-static array (internal linkage) of an odd size,
// and a constant out-of-bounds index the compiler can see.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>

static char name[13];

__attribute__((noinline)) static void put(int i, char c) { name[i] = c; }
// CHECK: ERROR: Sleuth: global-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
// CHECK-NEXT: WRITE of size 1 at [[ADDR]] thread T0
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in put .*}}static-array-write.c:[[@LINE-3]]
// CHECK: [[ADDR]] is located 2 bytes after global variable 'name' defined in '{{.*}}static-array-write.c:7:{{[0-9]+}}' ({{0x[0-9a-f]+}}) of size 13
// CHECK: SUMMARY: Sleuth: global-buffer-overflow {{.*}}static-array-write.c:[[@LINE-5]]:{{[0-9]+}} in put

int main(int argc, char **argv) {
  (void)argv;
  for (int i = 0; i < 13; i++)
    put(i, 'a');
  put(argc + 14, 'b');
  printf("%s\n", name);
  return 0;
}
