// An 8-byte load that straddles an edge of a local array: ASan's
// "partially underflows" / "partially overflows" marker, at -O0 and -O2.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not %run %t under 2>&1 | FileCheck %s --check-prefixes=CHECK,UNDER
// RUN: not %run %t over 2>&1 | FileCheck %s --check-prefixes=CHECK,OVER
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: not %run %t under 2>&1 | FileCheck %s --check-prefixes=CHECK,UNDER
// RUN: not %run %t over 2>&1 | FileCheck %s --check-prefixes=CHECK,OVER
#include <stdio.h>
#include <string.h>

typedef long unaligned_long __attribute__((aligned(1)));
__attribute__((noinline)) long load8(const char *p) {
  return *(const unaligned_long *)p; // one 8-byte load, at any alignment
}
// UNDER: ERROR: Sleuth: stack-buffer-underflow on address [[ADDR:0x[0-9a-f]+]] at pc
// OVER: ERROR: Sleuth: stack-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
// CHECK-NEXT: READ of size 8 at [[ADDR]] thread T0
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in load8 .*}}partial-overflow-underflow.c:14
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}partial-overflow-underflow.c:[[#@LINE+14]]
// UNDER: Address [[ADDR]] is located in stack of thread T0 at offset 28 in frame
// UNDER: [32, 48) 'buf' (line [[#@LINE+10]]) <== Memory access at offset 28 partially underflows this variable
// OVER: Address 0x{{[0-9a-f]+}} is located in stack of thread T0 at offset 48 in frame
// OVER: [32, 48) 'buf' (line [[#@LINE+8]]) <== Memory access at offset 44 partially overflows this variable

int main(int argc, char **argv) {
  (void)argc;
  // 4 bytes before buf's start, or 4 bytes before its end: the load covers
  // 4 bytes of buf either way. (The "Address" line names the first bad
  // byte, the marker the access's start.)
  int at = strcmp(argv[1], "under") == 0 ? -4 : 12;
  char buf[16];
  memset(buf, 'x', sizeof buf);
  printf("%ld\n", load8(buf + at));
  return 0;
}
