// A helper inlined into its caller keeps a pointer to its own local array;
// the caller reads it after the helper's body ended. Once inlined (always
// here, also at -O0) the array's lifetime ends inside main: use-after-scope.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O3 %s -o %t && not %run %t 2>&1 | FileCheck %s
int *saved;

static inline __attribute__((always_inline)) void remember(int v) {
  int scratch[6];
  scratch[2] = v;
  saved = scratch;
  __asm__ volatile("" : : "r"(saved) : "memory");
}

int main(int argc, char **argv) {
  (void)argv;
  remember(argc);
  saved[2] = 5;
  // CHECK: ERROR: Sleuth: stack-use-after-scope on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: #0 0x{{[0-9a-f]+}} in main {{.*}}use-after-scope-inlined.c:[[@LINE-3]]
  // CHECK: 'scratch' (line 11) <== Memory access at offset {{[0-9]+}} is inside this variable
  // CHECK: SUMMARY: Sleuth: stack-use-after-scope {{.*}}use-after-scope-inlined.c:[[@LINE-5]]:{{[0-9]+}} in main
  return 0;
}
