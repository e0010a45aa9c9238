// strtok with both its string and its delimiters running into poisoned
// bytes: the argument reported is the one ASan reports. Without
// strict_string_checks ASan checks one byte of each, then the string the
// call scanned, so the string is reported; with it, the whole delimiter
// set is checked first.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,STR
// RUN: env SLEUTH_OPTIONS=strict_string_checks=1 not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,DELIM
// RUN: env SLEUTH_OPTIONS=intercept_strtok=0 %run %t 2>&1 | FileCheck %s --check-prefix=OFF
#include <sanitizer/asan_interface.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  char s[4] = "abc";
  char delim[2] = "d";
  // The ends of both are poisoned (a poisoned tail inside a granule reads
  // as the variable's end, hence stack-buffer-overflow): the call reads a
  // poisoned byte from either argument (no 'd' in s: all of s is scanned).
  __asan_poison_memory_region(&s[2], 2);
  __asan_poison_memory_region(&delim[1], 1);
  char *t = strtok(s, delim);
  // CHECK: ERROR: Sleuth: stack-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // STR-NEXT: READ of size 4 at [[ADDR]] thread T0
  // DELIM-NEXT: READ of size 2 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in strtok }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strtok-both-bad.c:[[@LINE-5]]
  // STR: [{{[0-9]+}}, {{[0-9]+}}) 's' (line [[@LINE-13]]) <== Memory access at offset {{[0-9]+}} partially overflows this variable
  // DELIM: [{{[0-9]+}}, {{[0-9]+}}) 'delim' (line [[@LINE-13]]) <== Memory access at offset {{[0-9]+}} partially overflows this variable
  // CHECK: SUMMARY: Sleuth: stack-buffer-overflow
  // OFF: token at 0
  printf("token at %d\n", (int)(t - s));
  return 0;
}
