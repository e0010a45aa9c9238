// A global of an instrumented shared library (sleuth-cc -shared) is
// registered by the library's constructor, after the executable's runtime
// is up; an overflow reads its redzone. The same library loaded with
// dlopen and closed again leaves no poison behind.
// RUN: %sleuth_cc -O1 -fPIC -shared %S/Inputs/lib.c -o %t.so
// RUN: %sleuth_cc -O1 %s %t.so -o %t -Wl,-rpath,%T
// RUN: not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s %t.so -o %t -Wl,-rpath,%T
// RUN: not %run %t 2>&1 | FileCheck %s
#include <stdio.h>

int lib_get(int i);

int main(int argc, char **argv) {
  (void)argv;
  printf("%d\n", lib_get(6));
  printf("%d\n", lib_get(argc + 6));
  // CHECK: ERROR: Sleuth: global-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in lib_get .*}}lib.c:2
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}shared-library.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after global variable 'lib_table' defined in '{{.*}}lib.c:1:{{[0-9]+}}' ({{0x[0-9a-f]+}}) of size 28
  return 0;
}
