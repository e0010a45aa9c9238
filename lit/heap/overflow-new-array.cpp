// A store past the end of a new[]'ed array; "allocated by" names
// operator new[].
// RUN: %sleuth_cxx -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s

int main(int argc, char **argv) {
  int *a = new int[10];
  a[argc + 9] = 1;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}overflow-new-array.cpp:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after 40-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator new\[\]}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-new-array.cpp:[[@LINE-8]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-new-array.cpp:[[@LINE-8]]:{{[0-9]+}} in main
  asm volatile("" : : "r"(a) : "memory"); // keeps the store at -O2
  delete[] a;
  return 0;
}
