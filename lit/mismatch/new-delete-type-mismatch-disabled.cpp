// new_delete_type_mismatch=0 turns the sized-delete check off.
// RUN: %sleuth_cxx -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=new_delete_type_mismatch=0 %run %t 2>&1 | FileCheck %s
// RUN: not %run %t 2>&1 | FileCheck %s --check-prefix=DEFAULT
#include <cstdio>

struct Base {
  int id;
  ~Base() {}
};
struct Derived : Base {
  long payload[4];
};

int main() {
  Base *b = new Derived;
  asm volatile("" : "+r"(b) : : "memory");
  delete b;
  std::puts("done");
  return 0;
}
// CHECK-NOT: Sleuth
// CHECK: done
// DEFAULT: ERROR: Sleuth: new-delete-type-mismatch
// DEFAULT-NOT: done
