// Correctly paired C++ allocations, including arrays with a cookie (types
// with destructors), sized delete, nothrow new and placement of polymorphic
// objects deleted through a virtual destructor: no mismatch reports.
// RUN: %sleuth_cxx -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cxx -O2 %s -o %t && %run %t 2>&1 | count 0
#include <new>

struct WithDtor {
  int v[3];
  ~WithDtor() { v[0] = 0; }
};

struct Base {
  virtual ~Base() {}
  int b;
};
struct Derived : Base {
  long extra[5];
};

int main() {
  for (int i = 1; i < 200; i++) {
    int *a = new int(i);
    delete a;
    char *c = new char[i];
    c[i - 1] = 0;
    delete[] c;
    WithDtor *w = new WithDtor[i];
    w[i - 1].v[2] = i;
    delete[] w;
    Base *b = new Derived;
    delete b;
    int *nt = new (std::nothrow) int[i];
    delete[] nt;
    WithDtor *one = new (std::nothrow) WithDtor;
    delete one;
  }
  return 0;
}
