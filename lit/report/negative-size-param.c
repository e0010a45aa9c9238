// A negative length passed to memmove, memcpy or memset (size_t -100): the
// range wraps around the address space, and the report is ASan's
// negative-size-param with the size as a signed number, the call's stack
// and what the address is, not an unknown-crash of size 2^64-100.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not %run %t memmove 2>&1 | FileCheck %s --check-prefixes=CHECK,MOVE
// RUN: not %run %t memcpy 2>&1 | FileCheck %s --check-prefixes=CHECK,CPY
// RUN: not %run %t memset 2>&1 | FileCheck %s --check-prefixes=CHECK,SET
// RUN: %sleuth_cc -O2 %s -o %t2
// RUN: not %run %t2 memmove 2>&1 | FileCheck %s --check-prefixes=CHECK,MOVE
// RUN: env SLEUTH_OPTIONS=print_scariness=1 not %run %t2 memset 2>&1 | FileCheck %s --check-prefix=SCARY
#include <stdlib.h>
#include <string.h>

static volatile long minus_hundred = -100;

int main(int argc, char **argv) {
  char buf[64];
  memset(buf, 0, sizeof buf);
  size_t n = (size_t)minus_hundred;
  if (!strcmp(argv[1], "memmove"))
    memmove(buf, buf + 8, n);
  else if (!strcmp(argv[1], "memcpy"))
    memcpy(buf, buf + 8, n);
  else
    memset(buf + 8, 1, n);
  __asm__ volatile("" : : "r"(buf) : "memory"); // the stores stay at -O2
  return buf[0];
}
// CHECK: ERROR: Sleuth: negative-size-param: (size=-100)
// MOVE-NEXT: #0 {{.*}} in __sleuth_memmove
// MOVE-NEXT: #1 {{.*}} in main {{.*}}negative-size-param.c:[[@LINE-10]]
// CPY-NEXT: #0 {{.*}} in __sleuth_memcpy
// CPY-NEXT: #1 {{.*}} in main {{.*}}negative-size-param.c:[[@LINE-10]]
// SET-NEXT: #0 {{.*}} in __sleuth_memset
// SET-NEXT: #1 {{.*}} in main {{.*}}negative-size-param.c:[[@LINE-10]]
// CHECK: Address {{.*}} is located in stack of thread T0 at offset 40 in frame
// CHECK: 'buf' (line [[@LINE-20]]) <== Memory access at offset 40 is inside this variable
// CHECK: SUMMARY: Sleuth: negative-size-param
// SCARY: SCARINESS: 10 (negative-size-param)
