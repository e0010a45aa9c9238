// An array from new[] released with scalar delete.
// RUN: %sleuth_cxx -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s

int main(int argc, char **argv) {
  int *p = new int[8];
  asm volatile("" : : "r"(p) : "memory");
  delete p; // should be delete[]
  // CHECK: ERROR: Sleuth: alloc-dealloc-mismatch (operator new [] vs operator delete) on [[ADDR:0x[0-9a-f]+]]
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator delete}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}new-array-delete.cpp:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes inside of 32-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator new\[\]}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}new-array-delete.cpp:[[@LINE-9]]
  // CHECK: SUMMARY: Sleuth: alloc-dealloc-mismatch {{.*}}new-array-delete.cpp:[[@LINE-8]]:{{[0-9]+}} in main
  return 0;
}
