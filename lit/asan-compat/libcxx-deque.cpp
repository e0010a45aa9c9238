// With libc++ 17 and later, std::deque annotates each of its blocks with
// the double-ended container calls once __has_feature(address_sanitizer)
// is on (sleuth-c++): a busy deque (pushes and pops at both ends, inserts,
// erases, resizes, copies) runs silently with the plain build's result,
// then a read of the slot just before the front, popped, is
// container-overflow.
// REQUIRES: libcxx-deque-annotations
// RUN: %clangxx -stdlib=libc++ -O2 %s -o %t.plain && %t.plain > %t.expected
// RUN: %sleuth_cxx -stdlib=libc++ -O0 %s -o %t && not %run %t > %t.out 2> %t.err
// RUN: diff %t.expected %t.out && FileCheck %s < %t.err
// RUN: %sleuth_cxx -stdlib=libc++ -O2 %s -o %t && not %run %t > %t.out 2> %t.err
// RUN: diff %t.expected %t.out && FileCheck %s < %t.err
#include <cstdio>
#include <deque>

int main(int argc, char **) {
  std::deque<int> d;
  unsigned long sum = 0, seed = 1;
  for (int i = 0; i < 200000; i++) {
    seed = seed * 6364136223846793005ul + 1442695040888963407ul;
    int op = (int)(seed >> 60);
    if (op < 5)
      d.push_back(i);
    else if (op < 9)
      d.push_front(-i);
    else if (op < 11 && !d.empty())
      d.pop_back();
    else if (op < 13 && !d.empty())
      d.pop_front();
    else if (op == 13 && d.size() > 2)
      d.insert(d.begin() + (long)(d.size() / 2), i);
    else if (op == 14 && d.size() > 2)
      d.erase(d.begin() + (long)(d.size() / 3));
    else if (op == 15 && (i & 1023) == 0)
      d.resize(d.size() / 2 + 10);
    if ((i & 4095) == 0) {
      std::deque<int> copy(d);
      for (int x : copy)
        sum += (unsigned)x;
      copy.shrink_to_fit();
    }
  }
  for (int x : d)
    sum += (unsigned)x;
  std::printf("size %zu sum %lu\n", d.size(), sum);
  std::fflush(stdout);
  // Four pops from a fresh deque: the front moves 16 bytes into its block,
  // and the popped slots before it are poisoned again.
  std::deque<int> q;
  for (int i = 0; i < 10; i++)
    q.push_back(i);
  for (int i = 0; i < 4; i++)
    q.pop_front();
  volatile int *front = &q.front();
  int before = front[-argc];
  // CHECK: ERROR: Sleuth: container-overflow on address
  // CHECK-NEXT: READ of size 4
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}libcxx-deque.cpp:[[@LINE-3]]
  // CHECK: is located 12 bytes inside of 4096-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator new}}
  // CHECK: {{in main .*}}libcxx-deque.cpp:[[@LINE-11]]
  return before == 12345;
}
