// libstdc++'s copy-on-write std::string (the old ABI) points 24 bytes into
// its block, past the length, capacity and reference count. That pointer
// counts as a start pointer (Valgrind's "stdstring" heuristic): a string
// kept alive by the program is still reachable, not possibly lost.
// RUN: %sleuth_cxx -O0 -D_GLIBCXX_USE_CXX11_ABI=0 %s -o %t && env SLEUTH_OPTIONS=show_reachable=1 %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 -D_GLIBCXX_USE_CXX11_ABI=0 %s -o %t && env SLEUTH_OPTIONS=show_reachable=1 %run %t 2>&1 | FileCheck %s
#include <string.h>
#include <string>

std::string *kept;

__attribute__((noinline)) void keep(void) {
  kept = new std::string(100, 'x');
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
  below_pad(keep);
  scrub();
  return kept->size() == 100 ? 0 : 1;
}
// The characters: 24 bytes of header, 100 chars and the terminating NUL.
// CHECK: Reachable: 125 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator new}}
// CHECK: definitely lost: 0 bytes in 0 blocks
// CHECK-NEXT: indirectly lost: 0 bytes in 0 blocks
// CHECK-NEXT: possibly lost: 0 bytes in 0 blocks
