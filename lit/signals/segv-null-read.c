// A read through a NULL pointer is reported as SEGV with the faulting line
// and the kind of access.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s

int *volatile ptr; // NULL, and the compiler may not assume so

int main(int argc, char **argv) {
  int *p = ptr;
  return *p;
  // CHECK: ERROR: Sleuth: SEGV on unknown address 0x000000000000 (pc 0x{{[0-9a-f]+}} bp 0x{{[0-9a-f]+}} sp 0x{{[0-9a-f]+}} T0)
  // CHECK-NEXT: The signal is caused by a READ memory access.
  // CHECK-NEXT: Hint: address points to the zero page.
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}segv-null-read.c:[[@LINE-4]]
  // CHECK: SUMMARY: Sleuth: SEGV {{.*}}segv-null-read.c:[[@LINE-5]]:{{[0-9]+}} in main
  // CHECK-NEXT: ABORTING
}
