// A pointer to the second base of a multiply-inherited object points 16
// bytes into the block. It counts as a start pointer (as with Valgrind's
// "multipleinheritance" heuristic): a global Second* keeps the object
// still reachable, not possibly lost. A pointer to a plain field of the
// same kind of object stays an interior pointer: possibly lost.
// RUN: %sleuth_cxx -O0 %s -o %t && env SLEUTH_OPTIONS=show_reachable=1 %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && env SLEUTH_OPTIONS=show_reachable=1 %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 -fno-rtti %s -o %t && env SLEUTH_OPTIONS=show_reachable=1 %run %t 2>&1 | FileCheck %s
#include <string.h>

struct First {
  virtual ~First() {}
  long a = 1;
};
struct Second {
  virtual long get() { return b; }
  long b = 2;
};
struct Both : First, Second {
  long get() override { return c; }
  long c = 3;
};

Second *as_second;
long *field;

__attribute__((noinline)) void keep_base(void) { as_second = new Both; }

__attribute__((noinline)) void keep_field(void) {
  Both *b = new Both;
  field = &b->c;
}

// f runs 2 KiB down the stack, so the start pointers that operator new
// leaves in dead frames lie where scrub() then writes zeros (the redzones
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
  below_pad(keep_base);
  below_pad(keep_field);
  scrub();
  return as_second->get() == 3 ? 0 : 1;
}
// CHECK: Possible leak of 40 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator new}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in keep_field\(\) .*}}heuristic-multiple-inheritance.cpp:30:
// CHECK: Reachable: 40 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator new}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in keep_base\(\) .*}}heuristic-multiple-inheritance.cpp:27:
// CHECK: definitely lost: 0 bytes in 0 blocks
// CHECK-NEXT: indirectly lost: 0 bytes in 0 blocks
// CHECK-NEXT: possibly lost: 40 bytes in 1 blocks
