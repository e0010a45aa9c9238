// A read just before a global defined in another file: the bytes in front
// of a module's first global of each section are a poisoned left guard, so
// the underflow is a global-buffer-overflow "before" that global, for a
// .bss, a .data and a .rodata global.
// RUN: %sleuth_cc -O0 %s %S/Inputs/underflow-defs.c -o %t
// RUN: not %run %t bss 2>&1 | FileCheck %s --check-prefixes=CHECK,BSS
// RUN: not %run %t data 2>&1 | FileCheck %s --check-prefixes=CHECK,DATA
// RUN: not %run %t rodata 2>&1 | FileCheck %s --check-prefixes=CHECK,RODATA
// RUN: %sleuth_cc -O2 %s %S/Inputs/underflow-defs.c -o %t
// RUN: not %run %t bss 2>&1 | FileCheck %s --check-prefixes=CHECK,BSS
// RUN: not %run %t data 2>&1 | FileCheck %s --check-prefixes=CHECK,DATA
// RUN: not %run %t rodata 2>&1 | FileCheck %s --check-prefixes=CHECK,RODATA
#include <stdio.h>
#include <string.h>

extern int zeroed[4];
extern int counts[4];
extern const int limits[4];

__attribute__((noinline)) static int before(const int *p, int back) {
  return p[-back]; // the faulting line
}

int main(int argc, char **argv) {
  const int *p = !strcmp(argv[1], "bss")    ? zeroed
                 : !strcmp(argv[1], "data") ? counts
                                            : limits;
  printf("%d\n", before(p, argc - 1));
  // CHECK: ERROR: Sleuth: global-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: #0 0x{{[0-9a-f]+}} in before {{.*}}underflow.c:21
  // CHECK-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}underflow.c:[[@LINE-4]]
  // BSS: [[ADDR]] is located 4 bytes before global variable 'zeroed' defined in '{{.*}}underflow-defs.c:3:5' ({{0x[0-9a-f]+}}) of size 16
  // DATA: [[ADDR]] is located 4 bytes before global variable 'counts' defined in '{{.*}}underflow-defs.c:4:5' ({{0x[0-9a-f]+}}) of size 16
  // RODATA: [[ADDR]] is located 4 bytes before global variable 'limits' defined in '{{.*}}underflow-defs.c:5:11' ({{0x[0-9a-f]+}}) of size 16
  // CHECK: SUMMARY: Sleuth: global-buffer-overflow {{.*}}underflow.c:21:{{[0-9]+}} in before
  return 0;
}
