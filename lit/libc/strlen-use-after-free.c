// strlen of a freed string: heap-use-after-free from the interceptor, with
// the free and allocation stacks.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *s = (char *)malloc(32);
  memset(s, 'q', 31);
  s[31] = 0;
  __asm__ volatile("" : : "r"(s) : "memory");
  free(s);
  size_t n = strlen(s);
  // CHECK: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size {{[0-9]+}} at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in strlen }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strlen-use-after-free.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes inside of 32-byte region
  // CHECK-NEXT: freed by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in free}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strlen-use-after-free.c:[[@LINE-9]]
  // CHECK: previously allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strlen-use-after-free.c:[[@LINE-16]]
  // CHECK: SUMMARY: Sleuth: heap-use-after-free {{.*}} in strlen
  return (int)n;
}
