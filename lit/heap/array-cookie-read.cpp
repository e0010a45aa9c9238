// Reading the array cookie of new T[n] (8 bytes in front of the array, the
// element count) from user code is a heap-buffer-overflow too; delete[]'s
// own read of it is not reported.
// RUN: %sleuth_cxx -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <cstdio>

struct Cell {
  int value;
  ~Cell() { std::printf("destroyed %d\n", value); }
};

__attribute__((noinline)) long count_of(const Cell *cells) {
  return reinterpret_cast<const long *>(cells)[-1]; // the count itself
}

int main(int argc, char **argv) {
  (void)argv;
  Cell *cells = new Cell[argc + 2];
  std::printf("count %ld\n", count_of(cells));
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 8 at [[ADDR]] thread T0
  // CHECK-NEXT: #0 0x{{[0-9a-f]+}} in count_of{{.*}} {{.*}}array-cookie-read.cpp:14
  // CHECK-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}array-cookie-read.cpp:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes inside of 20-byte region
  // CHECK: allocated by thread T0 here:
  // CHECK: #1 0x{{[0-9a-f]+}} in main {{.*}}array-cookie-read.cpp:19
  delete[] cells;
  return 0;
}
