// The clean twin of container-overflow-vector.cpp: growing, shrinking,
// inserting, copying and reserving annotated vectors, and reading only
// their live elements, prints nothing.
// RUN: %sleuth_cxx -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cxx -O2 %s -o %t && %run %t 2>&1 | count 0
#include <vector>

int main(int argc, char **argv) {
  std::vector<int> v;
  v.reserve(10);
  v.push_back(1);
  volatile int *d = v.data();
  long sum = d[argc - 1];
  for (int i = 0; i < 1000; i++)
    v.push_back(i);
  while (v.size() > 3)
    v.pop_back();
  v.insert(v.begin(), 7);
  std::vector<int> w(v);
  w.resize(40);
  w.shrink_to_fit();
  for (int x : w)
    sum += x;
  v.clear();
  v.push_back(2);
  sum += v.data()[0];
  return sum == 12345;
}
