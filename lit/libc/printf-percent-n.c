// printf's %n writes the count of bytes printed so far through its
// argument; the interceptor checks that write, sized by the length
// modifier (%hhn 1 byte, %n 4, %lln 8), before the call, so a bad target is
// reported before printf writes it. A good target, and check_printf=0,
// print as usual.
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: %run %t ok 2>&1 | FileCheck %s --check-prefix=OK
// RUN: not %run %t stack 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: not %run %t heap 2>&1 | FileCheck %s --check-prefix=HEAP
// RUN: env SLEUTH_OPTIONS=check_printf=0 %run %t byte 2>&1 | FileCheck %s --check-prefix=OK
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  const char *mode = argv[argc - 1];
  volatile int counts[1];
  char *small = malloc(4);
  signed char byte;
  if (!strcmp(mode, "ok") || !strcmp(mode, "byte")) {
    printf("abc%n%hhn\n", (int *)&counts[0], &byte);
    fprintf(stderr, "counted %d %d\n", counts[0], byte);
    // OK: counted 3 3
  }
  if (!strcmp(mode, "stack"))
    printf("abc%n\n", (int *)&counts[1]);
  // STACK: ERROR: Sleuth: stack-buffer-overflow on address [[A:0x[0-9a-f]+]] at pc
  // STACK-NEXT: WRITE of size 4 at [[A]] thread T0
  // STACK-NEXT: #0 0x{{[0-9a-f]+}} in printf
  // STACK-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}printf-percent-n.c:[[@LINE-4]]
  // STACK: 'counts' (line 17) <== Memory access at offset {{[0-9]+}} overflows this variable
  if (!strcmp(mode, "heap"))
    printf("abc%lln\n", (long long *)small);
  // HEAP: ERROR: Sleuth: heap-buffer-overflow on address [[A:0x[0-9a-f]+]] at pc
  // HEAP-NEXT: WRITE of size 8 at [[A]] thread T0
  // HEAP-NEXT: #0 0x{{[0-9a-f]+}} in printf
  // HEAP-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}printf-percent-n.c:[[@LINE-4]]
  // HEAP: is located 0 bytes after 4-byte region
  free(small);
  return 0;
}
