// A 4-byte read past an int array in a callee's frame with two objects:
// the report lists both and marks the one overflowed.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>

__attribute__((noinline)) static int sum(int n) {
  int a[8];
  char name[5];
  for (int i = 0; i < 8; i++)
    a[i] = i;
  snprintf(name, sizeof name, "%d", n);
  __asm__ volatile("" : : "r"(name), "r"(a) : "memory");
  return a[n] + name[0];
  // CHECK: ERROR: Sleuth: stack-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in sum .*}}overflow-read-int.c:[[@LINE-3]]
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}overflow-read-int.c:[[@LINE+11]]
  // CHECK: Address [[ADDR]] is located in stack of thread T0 at offset 64 in frame
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in sum .*}}overflow-read-int.c:7
  // CHECK: This frame has 2 object(s):
  // CHECK-NEXT: [32, 64) 'a' (line 8) <== Memory access at offset 64 overflows this variable
  // CHECK-NEXT: [{{[0-9]+}}, {{[0-9]+}}) 'name' (line 9)
  // CHECK: SUMMARY: Sleuth: stack-buffer-overflow {{.*}}overflow-read-int.c:[[@LINE-10]]:{{[0-9]+}} in sum
}

int main(int argc, char **argv) {
  (void)argv;
  return sum(argc + 7);
}
