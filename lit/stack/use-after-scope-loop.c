// A pointer to a loop body's local array, kept by the last iteration and
// read after the loop: stack-use-after-scope at every -O level (at -O2 the
// loop is unrolled and the read addresses the array directly).
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O3 %s -o %t && not %run %t 2>&1 | FileCheck %s
volatile int *last[4];

int main(void) {
  for (int i = 0; i < 4; i++) {
    int slots[2] = {i, i + 1};
    last[i] = slots;
  }
  return last[3][1];
  // CHECK: ERROR: Sleuth: stack-use-after-scope on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: #0 0x{{[0-9a-f]+}} in main {{.*}}use-after-scope-loop.c:[[@LINE-3]]
  // CHECK: 'slots' (line 12) <== Memory access at offset {{[0-9]+}} is inside this variable
  // CHECK: SUMMARY: Sleuth: stack-use-after-scope {{.*}}use-after-scope-loop.c:[[@LINE-5]]:{{[0-9]+}} in main
}
