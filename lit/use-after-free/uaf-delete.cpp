// A member read through a pointer to a deleted object; "freed by" names
// operator delete.
// RUN: %sleuth_cxx -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s

struct Point {
  int x, y, z;
};

__attribute__((noinline)) static Point *make(int v) { return new Point{v, v, v}; }

int main(int argc, char **argv) {
  Point *pt = make(argc);
  delete pt;
  return pt->z;
  // CHECK: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}uaf-delete.cpp:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 8 bytes inside of 12-byte region
  // CHECK-NEXT: freed by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator delete}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}uaf-delete.cpp:[[@LINE-8]]
  // CHECK: previously allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator new}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in make.*}}uaf-delete.cpp:[[@LINE-15]]
  // CHECK-NEXT: {{#2 0x[0-9a-f]+ in main .*}}uaf-delete.cpp:[[@LINE-13]]
  // CHECK: SUMMARY: Sleuth: heap-use-after-free {{.*}}uaf-delete.cpp:[[@LINE-12]]:{{[0-9]+}} in main
}
