// Two reallocs that move a block: the middle block's report names the
// second realloc as its free and the first as its allocation (realloc takes
// one stack for the new block and the old block's free), and an overflow of
// the last block names the second realloc as its allocation.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s --check-prefix=UAF
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s --check-prefix=UAF
// RUN: %sleuth_cc -O2 -DOVERFLOW %s -o %t && not %run %t 2>&1 | FileCheck %s --check-prefix=OVF
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *a = (char *)malloc(16);
  memset(a, 1, 16);
  char *b = (char *)realloc(a, 1000);
  char *c = (char *)realloc(b, 100000);
  if (b == a || c == b) {
    puts("realloc did not move the block");
    return 2;
  }
#ifdef OVERFLOW
  volatile char *vc = c;
  int r = vc[100000 + argc - 1];
  // OVF: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // OVF-NEXT: READ of size 1 at [[ADDR]] thread T0
  // OVF: [[ADDR]] is located 0 bytes after 100000-byte region
  // OVF-NEXT: allocated by thread T0 here:
  // OVF-NEXT: {{#0 0x[0-9a-f]+ in realloc}}
  // OVF-NEXT: {{#1 0x[0-9a-f]+ in main .*}}uaf-realloc-chain.c:[[@LINE-13]]
#else
  int r = b[argc + 500];
  // UAF: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
  // UAF-NEXT: READ of size 1 at [[ADDR]] thread T0
  // UAF-NEXT: {{#0 0x[0-9a-f]+ in main .*}}uaf-realloc-chain.c:[[@LINE-3]]
  // UAF: [[ADDR]] is located 501 bytes inside of 1000-byte region
  // UAF-NEXT: freed by thread T0 here:
  // UAF-NEXT: {{#0 0x[0-9a-f]+ in realloc}}
  // UAF-NEXT: {{#1 0x[0-9a-f]+ in main .*}}uaf-realloc-chain.c:[[@LINE-22]]
  // UAF: previously allocated by thread T0 here:
  // UAF-NEXT: {{#0 0x[0-9a-f]+ in realloc}}
  // UAF-NEXT: {{#1 0x[0-9a-f]+ in main .*}}uaf-realloc-chain.c:[[@LINE-26]]
#endif
  free(c);
  return r;
}
