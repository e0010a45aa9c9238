// An unaligned 4-byte store through a packed struct member at offset 6 of
// an 8-byte block: two bytes inside, two after.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdint.h>
#include <stdlib.h>

struct __attribute__((packed)) record {
  uint8_t tag[6];
  uint32_t value;
};

int main(int argc, char **argv) {
  struct record *r = (struct record *)malloc(8);
  r->value = (uint32_t)argc;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}overflow-write-4-unaligned-straddle.c:[[@LINE-3]]
  // CHECK: is located 0 bytes after 8-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-write-4-unaligned-straddle.c:[[@LINE-8]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}overflow-write-4-unaligned-straddle.c:[[@LINE-8]]:{{[0-9]+}} in main
  __asm__ volatile("" : : "r"(r) : "memory"); // keeps the store at -O2
  free(r);
  return 0;
}
