// A quarantine below 32 MiB keeps its blocks' pages: giving them back is
// what makes a program that frees many blocks of 8 KiB or more slow (each
// reused slot's pages come back fresh), and what it holds resident is at
// most its size. From 32 MiB on, the pages inside quarantined 32 KiB
// blocks go back to the kernel. Either way a use after free of a block
// freed a few MiB earlier is reported with both stacks.
// RUN: %sleuth_cc -O1 %s -o %t
// RUN: env SLEUTH_OPTIONS=quarantine_size_mb=16:print_stats=1 not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,KEPT
// RUN: env SLEUTH_OPTIONS=quarantine_size_mb=31:print_stats=1 not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,KEPT
// RUN: env SLEUTH_OPTIONS=quarantine_size_mb=32:print_stats=1 not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,GIVEN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK (32 << 10)

__attribute__((noinline)) static char *fill(size_t n) {
  char *p = malloc(n); // ALLOC
  memset(p, 7, n);
  return p;
}

int main(void) {
  char *first = fill(BLOCK);
  free(first); // FREE
  // 4 MiB of frees of blocks of the same size after it.
  for (int i = 0; i < 128; i++)
    free(fill(BLOCK));
  return first[BLOCK / 2]; // USE
  // CHECK: ERROR: Sleuth: heap-use-after-free on address
  // CHECK-NEXT: READ of size 1 at {{.*}} thread T0
  // CHECK-NEXT: #0 {{.*}} in main {{.*}}small-quarantine-stays-resident.c:[[@LINE-3]]
  // CHECK: is located 16384 bytes inside of 32768-byte region
  // CHECK: freed by thread T0 here:
  // CHECK: #1 {{.*}} in main {{.*}}small-quarantine-stays-resident.c:[[@LINE-10]]
  // CHECK: previously allocated by thread T0 here:
  // CHECK: #1 {{.*}} in fill {{.*}}small-quarantine-stays-resident.c:[[@LINE-19]]
  // KEPT: Stats: quarantine: 0 KiB of quarantined blocks' pages returned to the kernel so far (0 blocks)
  // GIVEN: Stats: quarantine: {{[1-9][0-9]*}} KiB of quarantined blocks' pages returned to the kernel so far ({{[1-9][0-9]*}} blocks)
}
