// Uninstrumented C++ program under sleuth-run: memory from new[] released
// with free() is an alloc-dealloc-mismatch.
// RUN: %clangxx -O2 -g -fomit-frame-pointer %s -o %t
// RUN: not %sleuth_run %t 2>&1 | FileCheck %s
#include <stdlib.h>

int main() {
  int *volatile a = new int[10];
  free(a);
  return 0;
}
// CHECK: ERROR: Sleuth: alloc-dealloc-mismatch (operator new [] vs free) on {{0x[0-9a-f]+}}
// CHECK-NEXT: #0 {{.*}} in free
// CHECK-NEXT: #1 {{.*}} in main {{.*}}mismatch.cpp:9
// CHECK: allocated by thread T0 here:
// CHECK-NEXT: #0 {{.*}} in operator new[]
// CHECK-NEXT: #1 {{.*}} in main {{.*}}mismatch.cpp:8
