// new T[0] of a type with a destructor allocates only the array cookie
// (the count, 0) and returns the address just past it: the block's end. A
// global holding that pointer keeps the block reachable (LSan counts it
// too); once the pointer is dropped the block is a direct leak.
// RUN: %sleuth_cxx -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=show_reachable=1 %run %t 2>&1 | FileCheck %s --check-prefix=REACH
// RUN: not %run %t lose 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && %run %t 2>&1 | count 0
// RUN: not %run %t lose 2>&1 | FileCheck %s
#include <string.h>

struct Elem {
  long a;
  ~Elem();
};
int destroyed;
Elem::~Elem() { destroyed++; }

Elem *volatile kept;

__attribute__((noinline)) Elem *make(void) {
  return new Elem[0]; // the cookie-only block
}

int main(int argc, char **argv) {
  kept = make();
  if (argc > 1 && !strcmp(argv[1], "lose"))
    kept = 0;
  return destroyed;
}
// REACH: Reachable: 8 byte(s) in 1 object(s) allocated from:
// REACH-NEXT: {{#0 0x[0-9a-f]+ in operator new\[\]}}
// REACH-NEXT: {{#1 0x[0-9a-f]+ in make\(\) .*}}new-array-zero.cpp:22
// REACH: definitely lost: 0 bytes in 0 blocks

// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK: Direct leak of 8 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator new\[\]}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in make\(\) .*}}new-array-zero.cpp:22
// CHECK: definitely lost: 8 bytes in 1 blocks
