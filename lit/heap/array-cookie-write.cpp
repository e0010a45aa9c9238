// new T[n] of a type with a destructor stores n in the 8 bytes in front of
// the array (the array cookie). Writing there (an underflow of the array)
// is a heap-buffer-overflow 0 bytes inside the block, caught before
// delete[] runs a corrupted number of destructors. poison_array_cookie=0
// turns the poisoning off (and the corruption shows up later).
// RUN: %sleuth_cxx -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O3 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=poison_array_cookie=0 not %run %t 2>&1 | FileCheck %s --check-prefix=OFF
#include <cstdio>

struct Cell {
  int value;
  ~Cell() { std::printf("destroyed %d\n", value); }
};

__attribute__((noinline)) Cell *make_cells(int n) {
  return new Cell[n]; // the allocation
}

int main(int argc, char **argv) {
  (void)argv;
  Cell *cells = make_cells(argc);
  cells[0].value = 7;
  cells[-2].value = 0; // writes the low half of the cookie
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: #0 0x{{[0-9a-f]+}} in main {{.*}}array-cookie-write.cpp:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes inside of 12-byte region
  // CHECK: allocated by thread T0 here:
  // CHECK-NEXT: #0 0x{{[0-9a-f]+}} in operator new[]
  // CHECK-NEXT: #1 0x{{[0-9a-f]+}} in make_cells{{.*}} {{.*}}array-cookie-write.cpp:19
  // CHECK: Array cookie:            ac
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}array-cookie-write.cpp:26:{{[0-9]+}} in main
  delete[] cells;
  // Unpoisoned, the write goes through: the count is now 0, no destructor
  // runs, and the sized delete[] computes a size of 8 bytes from it.
  // OFF-NOT: destroyed
  // OFF: ERROR: Sleuth: new-delete-type-mismatch
  // OFF: size of the allocated type: 12 bytes;
  // OFF-NEXT: size of the deallocated type: 8 bytes.
  std::printf("done\n");
  return 0;
}
