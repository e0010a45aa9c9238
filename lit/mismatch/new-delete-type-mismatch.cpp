// Deleting a Derived through a Base* whose destructor is not virtual: the
// sized operator delete receives sizeof(Base), not the allocated size.
// RUN: %sleuth_cxx -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s

struct Base {
  int id;
  ~Base() {}
};
struct Derived : Base {
  long payload[4];
};

__attribute__((noinline)) static Base *make(int id) {
  Derived *d = new Derived;
  d->id = id;
  return d;
}

int main(int argc, char **argv) {
  Base *b = make(argc);
  delete b;
  // CHECK: ERROR: Sleuth: new-delete-type-mismatch on [[ADDR:0x[0-9a-f]+]] in thread T0:
  // CHECK-NEXT: object passed to delete has wrong type:
  // CHECK-NEXT: size of the allocated type:   40 bytes;
  // CHECK-NEXT: size of the deallocated type: 4 bytes.
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator delete}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}new-delete-type-mismatch.cpp:[[@LINE-6]]
  // CHECK: [[ADDR]] is located 0 bytes inside of 40-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator new}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in make.*}}new-delete-type-mismatch.cpp:[[@LINE-17]]
  // CHECK-NEXT: {{#2 0x[0-9a-f]+ in main .*}}new-delete-type-mismatch.cpp:[[@LINE-12]]
  // CHECK: SUMMARY: Sleuth: new-delete-type-mismatch {{.*}}new-delete-type-mismatch.cpp:[[@LINE-12]]:{{[0-9]+}} in main
  return 0;
}
