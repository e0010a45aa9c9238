// Over-aligned types with new/delete, new[]/delete[] and std::vector:
// aligned, no mismatch reports (aligned new pairs with aligned delete).
// C++17: before it, new ignores over-alignment.
// RUN: %sleuth_cxx -std=c++17 -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cxx -std=c++17 -O2 %s -o %t && %run %t 2>&1 | count 0
#include <cstdint>
#include <cstdio>
#include <vector>

struct alignas(64) Line {
  char bytes[64];
};

struct alignas(4096) Page {
  char bytes[100];
  ~Page() {}
};

template <typename T> static bool aligned(const T *p) {
  return reinterpret_cast<std::uintptr_t>(p) % alignof(T) == 0;
}

int main() {
  bool ok = true;
  for (int i = 0; i < 100; i++) {
    Line *l = new Line;
    l->bytes[63] = 1;
    ok &= aligned(l);
    delete l;
    Line *ls = new Line[i + 1];
    ls[i].bytes[63] = 1;
    ok &= aligned(ls);
    delete[] ls;
    Page *p = new Page[3]; // with an array cookie: ~Page is not trivial
    p[2].bytes[99] = 1;
    ok &= aligned(p) && aligned(&p[2]);
    delete[] p;
  }
  std::vector<Line> v;
  for (int i = 0; i < 1000; i++) {
    v.push_back(Line());
    ok &= aligned(v.data());
  }
  if (!ok)
    std::puts("misaligned");
  return !ok;
}
