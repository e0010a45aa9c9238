// Deleting an object twice is a double-free; both frees are operator delete.
// RUN: %sleuth_cxx -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s

struct Node {
  long key;
  Node *next;
};

int main(int argc, char **argv) {
  Node *n = new Node{argc, nullptr};
  asm volatile("" : : "r"(n) : "memory");
  delete n; // first
  delete n; // second
  // CHECK: ERROR: Sleuth: double-free: attempting double-free on [[ADDR:0x[0-9a-f]+]] in thread T0:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator delete}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}double-delete.cpp:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes inside of 16-byte region
  // CHECK-NEXT: freed by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator delete}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}double-delete.cpp:[[@LINE-8]]
  // CHECK: previously allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator new}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}double-delete.cpp:[[@LINE-13]]
  // CHECK: SUMMARY: Sleuth: double-free {{.*}}double-delete.cpp:[[@LINE-11]]:{{[0-9]+}} in main
  return 0;
}
