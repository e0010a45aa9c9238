// A leak:PATTERN rule matching the module (shared library) of a frame
// suppresses the leaks allocated there; the program's own leak stays.
// RUN: %sleuth_cc -O1 -fPIC -shared %S/Inputs/leaky_lib.c -o %t.dir.libleaky.so
// RUN: %sleuth_cc -O0 %s %t.dir.libleaky.so -Wl,-rpath,%T -o %t
// RUN: printf 'leak:*libleaky.so\n' > %t.supp
// RUN: not env SLEUTH_OPTIONS=suppressions=%t.supp %run %t 2>&1 | FileCheck %s
// RUN: not %run %t 2>&1 | FileCheck %s --check-prefix=NOSUPP
#include <stdlib.h>
#include <string.h>

void *lib_make(unsigned n);

__attribute__((noinline)) static void leak(void) {
  void *volatile p = lib_make(48);
  p = malloc(16);
  memset(p, 1, 16);
  p = 0;
}

__attribute__((noinline)) static void scrub(void) {
  volatile char buf[8192];
  memset((char *)buf, 0, sizeof buf);
  __asm__ volatile("" : : "r"(buf) : "memory");
}

int main(void) {
  leak();
  scrub();
  return 0;
}
// CHECK: Direct leak of 16 byte(s) in 1 object(s) allocated from:
// CHECK-NOT: lib_make
// CHECK: definitely lost: 16 bytes in 1 blocks
// CHECK: {{^        suppressed: 48 bytes in 1 blocks$}}
// CHECK-NEXT: SUMMARY: Sleuth: 16 byte(s) leaked in 1 allocation(s).
// NOSUPP: Direct leak of 48 byte(s) in 1 object(s) allocated from:
// NOSUPP: in lib_make
// NOSUPP-NOT: suppressed:
// NOSUPP: SUMMARY: Sleuth: 64 byte(s) leaked in 2 allocation(s).
