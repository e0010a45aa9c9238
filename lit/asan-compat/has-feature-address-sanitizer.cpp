// C++ under sleuth-c++: __has_feature(address_sanitizer) is 1 while clang
// parses, and the code clang generates for every kind of declaration
// (eager functions, inline functions and templates emitted at the end,
// vtables, static members, new[] with an array cookie) carries none of
// clang's own ASan: no __asan_ call or metadata. Sleuth's checks are all
// there: the overflow in a template emitted at the end is reported.
// RUN: %sleuth_cxx -O0 %s -o %t && %run %t 2>&1 | FileCheck %s --check-prefix=OUT
// RUN: %sleuth_cxx -O2 %s -o %t && %run %t 2>&1 | FileCheck %s --check-prefix=OUT
// RUN: %sleuth_cxx -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %sleuth_cxx -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// IR-NOT: {{__asan_|asan.module|llvm.asan}}
// RUN: %sleuth_cxx -O1 %s -o %t.bad -DOVERFLOW && not %run %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
#include <cstdio>
#include <string>
#include <vector>

#if !__has_feature(address_sanitizer)
#error "__has_feature(address_sanitizer) is 0 under sleuth-c++"
#endif

struct Shape {
  virtual ~Shape() = default;
  virtual int sides() const { return 0; }
};
struct Square : Shape {
  int sides() const override { return 4; }
};
struct Counted {
  static int live;
  Counted() { live++; }
  ~Counted() { live--; }
};
int Counted::live = 0;

template <class T> struct Box {
  static std::string name;
};
template <class T> std::string Box<T>::name = "box";

template <class T> T total(const T *v, int n) {
  T s{};
  for (int i = 0; i < n; i++)
    // BAD: ERROR: Sleuth: heap-buffer-overflow
    // BAD-NEXT: READ of size 4
    // BAD-NEXT: {{#0 0x[0-9a-f]+ in int total<int>.*}}has-feature-address-sanitizer.cpp:[[@LINE+1]]
    s += v[i];
  return s;
}

inline int twice(int x) { return 2 * x; }

int main() {
  Shape *s = new Square;
  Counted *c = new Counted[3]; // the count sits in a cookie before the array
  std::vector<int> v{1, 2, 3};
  int n = 3;
#ifdef OVERFLOW
  n = 4;
#endif
  int t = total(v.data(), n);
  int live = Counted::live;
  delete[] c;
  // OUT: sides 4, live 3 then 0, total 6, twice 12, box
  std::printf("sides %d, live %d then %d, total %d, twice %d, %s\n", s->sides(), live,
              Counted::live, t, twice(t), Box<int>::name.c_str());
  delete s;
}
