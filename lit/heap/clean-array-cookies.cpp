// The clean twins of array-cookie-*.cpp: arrays of types with destructors
// of many lengths (0 too), nothrow new[], arrays whose constructor throws,
// and arrays of trivial types (no cookie) whose first element is written
// and read the way a cookie would be. No report at any -O level.
// RUN: %sleuth_cxx -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O1 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O3 %s -o %t && %run %t 2>&1 | FileCheck %s
// CHECK-NOT: ERROR
// CHECK: destroyed 4032 thrown 1 words 5 done
#include <cstdio>
#include <new>

static long destroyed;

struct Cell {
  int value = 1;
  ~Cell() { destroyed += value; }
};

struct Picky {
  Picky() {
    static int made;
    if (++made == 3)
      throw 1;
  }
  ~Picky() {}
};

__attribute__((noinline)) long *words(unsigned long n) {
  long *w = new long[n + 1]; // trivial type: no cookie
  w[0] = long(n);            // stored like a count ...
  return w + 1;              // ... and the array handed out after it
}

int main(int argc, char **) {
  for (int n = 0; n < 64; n++) {
    Cell *cells = new Cell[n + argc - 1];
    delete[] cells;
    Cell *more = new (std::nothrow) Cell[n];
    delete[] more;
  }
  int thrown = 0;
  try {
    Picky *p = new Picky[5];
    delete[] p;
  } catch (int) {
    thrown = 1;
  }
  long *w = words(4);
  long count = w[-1]; // the first element: no cookie there
  delete[] (w - 1);
  std::printf("destroyed %ld thrown %d words %ld done\n", destroyed, thrown,
              count + 1);
  return 0;
}
