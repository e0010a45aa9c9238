// A malloc'ed block released with delete.
// RUN: %sleuth_cxx -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>

int main(int argc, char **argv) {
  int *p = (int *)malloc(sizeof(int));
  asm volatile("" : : "r"(p) : "memory");
  delete p;
  // CHECK: ERROR: Sleuth: alloc-dealloc-mismatch (malloc vs operator delete) on [[ADDR:0x[0-9a-f]+]]
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator delete}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}malloc-delete.cpp:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes inside of 4-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}malloc-delete.cpp:[[@LINE-9]]
  // CHECK: SUMMARY: Sleuth: alloc-dealloc-mismatch {{.*}}malloc-delete.cpp:[[@LINE-8]]:{{[0-9]+}} in main
  return 0;
}
