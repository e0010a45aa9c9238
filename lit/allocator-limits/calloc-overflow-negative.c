// calloc with a negative int count (converted to size_t): the counts are
// printed signed, as ASan prints them.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 34 2>&1 | FileCheck %s --check-prefix=CLEAN
#include <stdio.h>
#include <stdlib.h>

struct rec { char bytes[32]; };
struct rec *volatile kept; // so that -O2 keeps the calloc/free pair

int main(int argc, char **argv) {
  int depth = argc > 1 ? atoi(argv[1]) : -2;
  struct rec *p = calloc(depth, sizeof(struct rec));
  // CHECK: ERROR: Sleuth: calloc-overflow: calloc parameters overflow: count * size (-2 * 32) cannot be represented in type size_t (thread T0)
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in calloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}calloc-overflow-negative.c:[[@LINE-3]]
  // CHECK: SUMMARY: Sleuth: calloc-overflow {{.*}}calloc-overflow-negative.c:[[@LINE-4]]:{{[0-9]+}} in main
  // CHECK-NOT: calloc returned
  // CLEAN-NOT: Sleuth
  // CLEAN: calloc returned 34 records
  kept = p;
  printf("calloc returned %d records\n", kept ? depth : 0);
  free(kept);
  return 0;
}
// json-c 0.16's test_util_file.c calls json_tokener_new_ex(-2), which does
// calloc(depth, 32) and expects NULL: ASan prints "(-2 * 32)"; Sleuth
// printed the count as unsigned (18446744073709551614). The clean twin
// allocates 34 records of the same size.
