// A second delete[] of an array of a type with a destructor, after code
// that is not instrumented wrote 3 into the freed array's element count.
// By default the count of a freed array is never believed: Sleuth says
// the cookie was loaded from freed memory (ASan's words), runs no
// destructor and reports the double-free. With poison_array_cookie=0 the
// count is read as it is, as ASan does: 3 more destructor calls, then the
// double-free.
// RUN: %sleuth_cxx -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,COOKIE
// RUN: %sleuth_cxx -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,COOKIE
// RUN: env SLEUTH_OPTIONS=poison_array_cookie=0 not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,RAW
#include <cstdio>

static int destroyed;

struct Counted {
  int value;
  ~Counted() { std::fprintf(stderr, "destructor %d\n", ++destroyed); }
};

__attribute__((noinline)) void drop(Counted *c) { delete[] c; }

__attribute__((no_sanitize("address"), noinline)) void set_count(Counted *c) {
  reinterpret_cast<long *>(c)[-1] = 3;
}

int main(int argc, char **) {
  Counted *c = new Counted[argc];
  drop(c);
  // CHECK: destructor 1
  set_count(c);
  drop(c);
  // COOKIE-NEXT: Sleuth: loaded array cookie from free-d memory
  // COOKIE-NOT: destructor {{[0-9]}}
  // RAW-NEXT: destructor 2
  // RAW-NEXT: destructor 3
  // RAW-NEXT: destructor 4
  // RAW-NOT: loaded array cookie
  // CHECK: ERROR: Sleuth: double-free
  // CHECK: #1 0x{{[0-9a-f]+}} in drop{{.*}} {{.*}}array-cookie-freed.cpp:20
  // CHECK-NEXT: #2 0x{{[0-9a-f]+}} in main {{.*}}array-cookie-freed.cpp:31
  // (The freed-by stack is not checked: the write into the freed block may
  // overwrite what the quarantine keeps there.)
  return 0;
}
