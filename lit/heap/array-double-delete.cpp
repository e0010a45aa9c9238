// delete[] twice on an array of a type with a destructor: delete[] reads the
// element count through the runtime, which sees the freed block, says so in
// ASan's words and returns 0, so no destructor runs over freed memory and
// the report is the double-free itself, with the first delete[]'s stack.
// (poison_array_cookie=0: array-cookie-freed.cpp.)
// RUN: %sleuth_cxx -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <cstdio>

struct Cell {
  int value;
  ~Cell() { std::fprintf(stderr, "destroyed %d\n", value); }
};

__attribute__((noinline)) void drop(Cell *cells) {
  delete[] cells; // both deletes
}

int main() {
  Cell *cells = new Cell[2];
  cells[0].value = 1;
  cells[1].value = 2;
  drop(cells);
  // CHECK: destroyed 2
  // CHECK-NEXT: destroyed 1
  // CHECK-NEXT: Sleuth: loaded array cookie from free-d memory at 0x{{[0-9a-f]+}} (heap-use-after-free by delete[]; no destructor run)
  // CHECK-NEXT: ={{=+}}
  // CHECK-NEXT: ERROR: Sleuth: double-free
  drop(cells);
  // CHECK: #0 0x{{[0-9a-f]+}} in operator delete[]
  // CHECK-NEXT: #1 0x{{[0-9a-f]+}} in drop{{.*}} {{.*}}array-double-delete.cpp:16
  // CHECK-NEXT: #2 0x{{[0-9a-f]+}} in main {{.*}}array-double-delete.cpp:[[@LINE-3]]
  // CHECK: freed by thread T0 here:
  // CHECK: #2 0x{{[0-9a-f]+}} in main {{.*}}array-double-delete.cpp:23
  // CHECK: previously allocated by thread T0 here:
  // CHECK: #1 0x{{[0-9a-f]+}} in main {{.*}}array-double-delete.cpp:20
  // CHECK: SUMMARY: Sleuth: double-free
  return 0;
}
