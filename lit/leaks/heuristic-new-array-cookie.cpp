// new[] of a type with a destructor stores the element count in front of
// the elements and returns a pointer 8 bytes into the block. That pointer
// counts as a start pointer (Valgrind's "newarray" heuristic): a global
// holding it keeps the block still reachable, not possibly lost, and a
// lost one is a direct leak. The same offset into a malloc'd block with a
// count-like first word stays an interior pointer: possibly lost.
// RUN: %sleuth_cxx -O0 %s -o %t && not env SLEUTH_OPTIONS=show_reachable=1 %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && not env SLEUTH_OPTIONS=show_reachable=1 %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

struct Elem {
  long a, b, c;
  ~Elem();
};
int destroyed;
Elem::~Elem() { destroyed++; }

Elem *kept;
long *interior;

__attribute__((noinline)) void keep(void) { kept = new Elem[4]; }

__attribute__((noinline)) void lose(void) {
  Elem *volatile lost = new Elem[2];
  lost = 0;
}

__attribute__((noinline)) void not_an_array(void) {
  long *p = (long *)malloc(104);
  memset(p, 0, 104);
  p[0] = 4;
  interior = p + 1;
}

// f runs 2 KiB down the stack, so the start pointers that malloc and new[]
// leave in dead frames lie where scrub() then writes zeros (the redzones
// around scrub's buffer, right under main's frame, are never written).
__attribute__((noinline)) void below_pad(void (*f)(void)) {
  volatile char pad[2048];
  pad[0] = 0;
  f();
  __asm__ volatile("" : : "r"(pad) : "memory");
}

__attribute__((noinline)) void scrub(void) {
  volatile char buf[8192];
  memset((char *)buf, 0, sizeof buf);
  __asm__ volatile("" : : "r"(buf) : "memory");
}

int main() {
  below_pad(keep);
  below_pad(lose);
  below_pad(not_an_array);
  scrub();
  return 0;
}
// CHECK: Direct leak of 56 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator new\[\]}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in lose\(\) .*}}heuristic-new-array-cookie.cpp:25:
// CHECK: Possible leak of 104 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in not_an_array\(\) .*}}heuristic-new-array-cookie.cpp:30:
// CHECK: Reachable: 104 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator new\[\]}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in keep\(\) .*}}heuristic-new-array-cookie.cpp:22:
// CHECK: definitely lost: 56 bytes in 1 blocks
// CHECK-NEXT: indirectly lost: 0 bytes in 0 blocks
// CHECK-NEXT: possibly lost: 104 bytes in 1 blocks
