// strcpy into the middle of its own source string.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *buf = (char *)malloc(64);
  strcpy(buf, "overlapping");
  __asm__ volatile("" : : "r"(buf) : "memory");
  strcpy(buf + 3, buf);
  // CHECK: ERROR: Sleuth: strcpy-param-overlap: memory ranges
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in strcpy }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strcpy-param-overlap.c:[[@LINE-3]]
  // CHECK: SUMMARY: Sleuth: strcpy-param-overlap {{.*}} in strcpy
  __asm__ volatile("" : : "r"(buf) : "memory");
  free(buf);
  return 0;
}
