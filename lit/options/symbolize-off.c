// symbolize=0: frames are printed as module+offset, without file:line or
// function, in ASan's unsymbolized shape ("#0 0xPC  (module+0xOFF)"), which
// asan_symbolize.py and ClusterFuzz's symbolizer resolve offline; no
// DEDUP_TOKEN then, as ASan (no names).
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=symbolize=0:dedup_token_length=3 not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>

int main(int argc, char **argv) {
  char *p = (char *)malloc(4);
  p[argc + 3] = 0;
  __asm__ volatile("" : : "r"(p) : "memory");
  free(p);
  return 0;
}
// CHECK: ERROR: Sleuth: heap-buffer-overflow
// CHECK-NEXT: WRITE of size 1
// CHECK-NEXT: {{^    #0 0x[0-9a-f]+  \(.*symbolize-off.c.tmp\+0x[0-9a-f]+\)$}}
// CHECK-NEXT: {{^    #1 0x[0-9a-f]+  \(.*libc.so.6\+0x[0-9a-f]+\)$}}
// CHECK-NOT: symbolize-off.c:
// CHECK-NOT: DEDUP_TOKEN
// CHECK-NOT: in main
// CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}symbolize-off.c.tmp+0x
