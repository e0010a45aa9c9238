// With LLVM's libc++, std::vector annotates its unused capacity once
// __has_feature(address_sanitizer) is on, which sleuth-c++ makes it: a read
// past size() but within capacity() is container-overflow, with its line
// and the allocation stack through the vector's allocator.
// REQUIRES: libcxx
// RUN: %sleuth_cxx -stdlib=libc++ -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -stdlib=libc++ -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <cstdio>
#include <vector>

int main(int argc, char **) {
  std::vector<long> v;
  v.reserve(16);
  for (long i = 0; i < 5; i++)
    v.push_back(i * i);
  long sum = 0;
  for (long x : v) // the elements in use: silent
    sum += x;
  std::printf("sum %ld\n", sum);
  std::fflush(stdout);
  // CHECK: sum 30
  volatile long *p = v.data();
  long past = p[4 + argc];
  // CHECK: ERROR: Sleuth: container-overflow on address
  // CHECK-NEXT: READ of size 8
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}libcxx-vector.cpp:[[@LINE-3]]
  // CHECK: is located 40 bytes inside of 128-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator new}}
  // CHECK: {{in main .*}}libcxx-vector.cpp:[[@LINE-17]]
  return (int)past;
}
