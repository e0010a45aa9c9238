// strcpy of an 11-byte string (with its NUL) into a 10-byte block: the
// interceptor reports the write, naming its first bad byte, with frame #0 in
// strcpy and frame #1 at the call.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

char text[] = "0123456789"; // not const: the call stays a strcpy at -O2

int main(int argc, char **argv) {
  char *dst = (char *)malloc(10);
  strcpy(dst, text);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 11 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in strcpy }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strcpy-overflow-write.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after 10-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strcpy-overflow-write.c:[[@LINE-9]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in strcpy
  __asm__ volatile("" : : "r"(dst) : "memory");
  free(dst);
  return 0;
}
