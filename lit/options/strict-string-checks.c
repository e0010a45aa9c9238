// strict_string_checks=1: a string argument must be NUL-terminated inside
// its block even where the call stops early (strchr finds its byte, strtol
// stops at a blank, strcmp at the first difference). With the default (0)
// the same calls read only inside the arrays and print nothing; with 1
// each is a READ of the whole string and the byte after it (the array's
// zeroed redzone), as ASan 14 reports them.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: %run %t strchr 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=strict_string_checks=1 not %run %t strchr 2>&1 | FileCheck %s -DFN=strchr -DVAR=word -DVARLINE=41 --check-prefixes=CHECK,STRCHR
// RUN: %run %t strstr 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=strict_string_checks=1 not %run %t strstr 2>&1 | FileCheck %s -DFN=strstr -DVAR=word -DVARLINE=41 --check-prefixes=CHECK,STRSTR
// RUN: %run %t strtol 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=strict_string_checks=1 not %run %t strtol 2>&1 | FileCheck %s -DFN=strtol -DVAR=digits -DVARLINE=40 --check-prefixes=CHECK,STRTOL
// RUN: %run %t atoi 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=strict_string_checks=1 not %run %t atoi 2>&1 | FileCheck %s -DFN=atoi -DVAR=digits -DVARLINE=40 --check-prefixes=CHECK,ATOI
// RUN: %run %t strcmp 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=strict_string_checks=1 not %run %t strcmp 2>&1 | FileCheck %s -DFN=strcmp -DVAR=word -DVARLINE=41 --check-prefixes=CHECK,STRCMP
// RUN: %run %t strspn 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=strict_string_checks=1 not %run %t strspn 2>&1 | FileCheck %s -DFN=strspn -DVAR=word -DVARLINE=41 --check-prefixes=CHECK,STRSPN
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: %run %t strchr 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=strict_string_checks=1 not %run %t strchr 2>&1 | FileCheck %s -DFN=strchr -DVAR=word -DVARLINE=41 --check-prefixes=CHECK,STRCHR
// RUN: %run %t strstr 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=strict_string_checks=1 not %run %t strstr 2>&1 | FileCheck %s -DFN=strstr -DVAR=word -DVARLINE=41 --check-prefixes=CHECK,STRSTR
// RUN: %run %t strtol 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=strict_string_checks=1 not %run %t strtol 2>&1 | FileCheck %s -DFN=strtol -DVAR=digits -DVARLINE=40 --check-prefixes=CHECK,STRTOL
// RUN: %run %t atoi 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=strict_string_checks=1 not %run %t atoi 2>&1 | FileCheck %s -DFN=atoi -DVAR=digits -DVARLINE=40 --check-prefixes=CHECK,ATOI
// RUN: %run %t strcmp 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=strict_string_checks=1 not %run %t strcmp 2>&1 | FileCheck %s -DFN=strcmp -DVAR=word -DVARLINE=41 --check-prefixes=CHECK,STRCMP
// RUN: %run %t strspn 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=strict_string_checks=1 not %run %t strspn 2>&1 | FileCheck %s -DFN=strspn -DVAR=word -DVARLINE=41 --check-prefixes=CHECK,STRSPN
#include <stdlib.h>
#include <string.h>

// CHECK: ERROR: Sleuth: global-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
// CHECK-NEXT: READ of size 9 at [[ADDR]] thread T0
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in }}[[FN]] {{.*}}interceptors_

char digits[8] = {'1', '2', ' ', '4', '5', '6', '7', '8'};
char word[8] = {'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'};
volatile long sink;
// Through pointers: at -O2 glibc's header inlines atoi as strtol.
long (*volatile to)(const char *, char **, int) = strtol;
int (*volatile ato)(const char *) = atoi;

int main(int argc, char **argv) {
  (void)argc;
  const char *c = argv[1];
  // STRCHR-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strict-string-checks.c:[[@LINE+2]]
  if (!strcmp(c, "strchr"))
    sink = (long)strchr(word, 'b');
  // STRSTR-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strict-string-checks.c:[[@LINE+2]]
  if (!strcmp(c, "strstr"))
    sink = (long)strstr(word, "bc");
  // STRTOL-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strict-string-checks.c:[[@LINE+2]]
  if (!strcmp(c, "strtol"))
    sink = to(digits, 0, 10);
  // ATOI-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strict-string-checks.c:[[@LINE+2]]
  if (!strcmp(c, "atoi"))
    sink = ato(digits);
  // STRCMP-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strict-string-checks.c:[[@LINE+2]]
  if (!strcmp(c, "strcmp"))
    sink = strcmp(word, "ab");
  // STRSPN-NEXT: {{#1 0x[0-9a-f]+ in main .*}}strict-string-checks.c:[[@LINE+2]]
  if (!strcmp(c, "strspn"))
    sink = (long)strspn(word, "ab");
  return 0;
}
// CHECK: [[ADDR]] is located 0 bytes after global variable '[[VAR]]' defined in '{{.*}}strict-string-checks.c:[[VARLINE]]:6'
// CHECK: SUMMARY: Sleuth: global-buffer-overflow {{.*}} in [[FN]]
