// strcat and strncat appending past the end of an 8-byte destination
// holding "abc": the overflow is the WRITE of the appended bytes and the
// NUL at the end of the destination's string, reported at the first byte
// past the block (ASan 14: WRITE of size 9 for strcat of 8 bytes, 8 for
// strncat of at most 7), from the interceptor's frame, with the
// destination's allocation stack. The exact-fit twins are in
// clean/string-functions-exact-size.c.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not %run %t strcat 2>&1 | FileCheck %s -DFN=strcat -DSIZE=9 --check-prefixes=CHECK,STRCAT
// RUN: not %run %t strncat 2>&1 | FileCheck %s -DFN=strncat -DSIZE=8 --check-prefixes=CHECK,STRNCAT
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: not %run %t strcat 2>&1 | FileCheck %s -DFN=strcat -DSIZE=9 --check-prefixes=CHECK,STRCAT
// RUN: not %run %t strncat 2>&1 | FileCheck %s -DFN=strncat -DSIZE=8 --check-prefixes=CHECK,STRNCAT
// RUN: %clang -O2 -g %s -o %t.plain
// RUN: not %sleuth_run %t.plain strcat 2>&1 | FileCheck %s -DFN=strcat -DSIZE=9 --check-prefixes=CHECK,STRCAT
// RUN: not %sleuth_run %t.plain strncat 2>&1 | FileCheck %s -DFN=strncat -DSIZE=8 --check-prefixes=CHECK,STRNCAT
#include <stdlib.h>
#include <string.h>

// CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
// CHECK-NEXT: WRITE of size [[SIZE]] at [[ADDR]] thread T0
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in }}[[FN]] {{.*}}interceptors_string.c

// A source the compiler cannot see through (so strcat stays a call).
const char *volatile tail = "defghijk";

int main(int argc, char **argv) {
  (void)argc;
  char *dst = (char *)malloc(8);
  strcpy(dst, "abc");
  // STRCAT-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strcat-overflow-write.c:[[@LINE+2]]
  if (!strcmp(argv[1], "strcat"))
    strcat(dst, tail);
  // STRNCAT-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strcat-overflow-write.c:[[@LINE+2]]
  if (!strcmp(argv[1], "strncat"))
    strncat(dst, tail, 7);
  // CHECK: [[ADDR]] is located 0 bytes after 8-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strcat-overflow-write.c:[[@LINE-11]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in [[FN]]
  __asm__ volatile("" : : "r"(dst) : "memory"); // keep the block at -O2
  free(dst);
  return 0;
}
