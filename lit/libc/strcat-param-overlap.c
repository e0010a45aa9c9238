// strcat of a string onto itself: the appended bytes land on the source.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *buf = (char *)malloc(64);
  strcpy(buf, "twice");
  __asm__ volatile("" : : "r"(buf) : "memory");
  strcat(buf, buf + 1);
  // CHECK: ERROR: Sleuth: strcat-param-overlap: memory ranges
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in strcat }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strcat-param-overlap.c:[[@LINE-3]]
  // CHECK: SUMMARY: Sleuth: strcat-param-overlap {{.*}} in strcat
  __asm__ volatile("" : : "r"(buf) : "memory");
  free(buf);
  return 0;
}
