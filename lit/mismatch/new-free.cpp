// An object from operator new released with free().
// RUN: %sleuth_cxx -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>

int main(int argc, char **argv) {
  long *p = new long(argc);
  asm volatile("" : : "r"(p) : "memory");
  free(p);
  // CHECK: ERROR: Sleuth: alloc-dealloc-mismatch (operator new vs free) on [[ADDR:0x[0-9a-f]+]]
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in free}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}new-free.cpp:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes inside of 8-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator new}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}new-free.cpp:[[@LINE-9]]
  // CHECK: SUMMARY: Sleuth: alloc-dealloc-mismatch {{.*}}new-free.cpp:[[@LINE-8]]:{{[0-9]+}} in main
  return 0;
}
