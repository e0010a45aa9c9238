// The searching and tokenising string functions, memmem and explicit_bzero
// reading or writing one block too far (an unterminated global string; a
// length one past an 8-byte heap block): ASan's kind and size, the
// interceptor as frame #0, the call as #1, and where the block came from.
// The sizes are those ASan 14 reports for the same program (strtok: the
// last token "ccc" read with the byte after it).
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not %run %t strspn 2>&1 | FileCheck %s -DFN=strspn -DSIZE=9 --check-prefixes=CHECK,READ,STRSPN
// RUN: not %run %t strcspn 2>&1 | FileCheck %s -DFN=strcspn -DSIZE=9 --check-prefixes=CHECK,READ,STRCSPN
// RUN: not %run %t strpbrk 2>&1 | FileCheck %s -DFN=strpbrk -DSIZE=9 --check-prefixes=CHECK,READ,STRPBRK
// RUN: not %run %t strcasestr 2>&1 | FileCheck %s -DFN=strcasestr -DSIZE=9 --check-prefixes=CHECK,READ,STRCASESTR
// RUN: not %run %t strchrnul 2>&1 | FileCheck %s -DFN=strchrnul -DSIZE=9 --check-prefixes=CHECK,READ,STRCHRNUL
// RUN: not %run %t atoi 2>&1 | FileCheck %s -DFN=atoi -DSIZE=9 --check-prefixes=CHECK,READ,ATOI
// RUN: not %run %t strtok 2>&1 | FileCheck %s -DFN=strtok -DSIZE=4 --check-prefixes=CHECK,READ,STRTOK
// RUN: not %run %t strtok_r 2>&1 | FileCheck %s -DFN=strtok_r -DSIZE=4 --check-prefixes=CHECK,READ,STRTOK_R
// RUN: not %run %t memmem 2>&1 | FileCheck %s -DFN=memmem -DSIZE=9 --check-prefixes=CHECK,READ,MEMMEM,HEAP
// RUN: not %run %t explicit_bzero 2>&1 | FileCheck %s -DFN=explicit_bzero -DSIZE=9 --check-prefixes=CHECK,WRITE,EXPLICIT_BZERO,HEAP
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: not %run %t strspn 2>&1 | FileCheck %s -DFN=strspn -DSIZE=9 --check-prefixes=CHECK,READ,STRSPN
// RUN: not %run %t strcspn 2>&1 | FileCheck %s -DFN=strcspn -DSIZE=9 --check-prefixes=CHECK,READ,STRCSPN
// RUN: not %run %t strpbrk 2>&1 | FileCheck %s -DFN=strpbrk -DSIZE=9 --check-prefixes=CHECK,READ,STRPBRK
// RUN: not %run %t strcasestr 2>&1 | FileCheck %s -DFN=strcasestr -DSIZE=9 --check-prefixes=CHECK,READ,STRCASESTR
// RUN: not %run %t strchrnul 2>&1 | FileCheck %s -DFN=strchrnul -DSIZE=9 --check-prefixes=CHECK,READ,STRCHRNUL
// RUN: not %run %t atoi 2>&1 | FileCheck %s -DFN=atoi -DSIZE=9 --check-prefixes=CHECK,READ,ATOI
// RUN: not %run %t strtok 2>&1 | FileCheck %s -DFN=strtok -DSIZE=4 --check-prefixes=CHECK,READ,STRTOK
// RUN: not %run %t strtok_r 2>&1 | FileCheck %s -DFN=strtok_r -DSIZE=4 --check-prefixes=CHECK,READ,STRTOK_R
// RUN: not %run %t memmem 2>&1 | FileCheck %s -DFN=memmem -DSIZE=9 --check-prefixes=CHECK,READ,MEMMEM,HEAP
// RUN: not %run %t explicit_bzero 2>&1 | FileCheck %s -DFN=explicit_bzero -DSIZE=9 --check-prefixes=CHECK,WRITE,EXPLICIT_BZERO,HEAP
// The heap cases under sleuth-run (an uninstrumented -O2 build):
// RUN: %clang -O2 -g %s -o %t.plain
// RUN: not %sleuth_run %t.plain memmem 2>&1 | FileCheck %s -DFN=memmem -DSIZE=9 --check-prefixes=CHECK,READ,HEAP,MEMMEM
// RUN: not %sleuth_run %t.plain explicit_bzero 2>&1 | FileCheck %s -DFN=explicit_bzero -DSIZE=9 --check-prefixes=CHECK,WRITE,HEAP,EXPLICIT_BZERO
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

// CHECK: ERROR: Sleuth: {{global|heap}}-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
// READ-NEXT: READ of size [[SIZE]] at [[ADDR]] thread T0
// WRITE-NEXT: WRITE of size [[SIZE]] at [[ADDR]] thread T0
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in }}[[FN]] {{.*}}interceptors_

// Globals have zeroed redzones after them: an unterminated string's scan
// stops at a known byte, so the sizes do not depend on heap contents.
char unterminated[8] = {'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a'};
char digits[8] = {'1', '2', '3', '4', '5', '6', '7', '8'};
char tokens[8] = {'a', ',', 'b', 'b', ',', 'c', 'c', 'c'};
volatile long sink;
// Called through a pointer: at -O2 glibc's header inlines atoi as strtol.
int (*volatile ato)(const char *) = atoi;

int main(int argc, char **argv) {
  (void)argc;
  const char *c = argv[1];
  char *save;
  char *blk = (char *)malloc(8);
  memset(blk, 'a', 8);
  // The first two tokens are inside the array; the third runs off its end.
  if (!strcmp(c, "strtok"))
    strtok(tokens, ","), strtok(0, ",");
  if (!strcmp(c, "strtok_r"))
    strtok_r(tokens, ",", &save), strtok_r(0, ",", &save);
  // STRSPN-NEXT: {{#1 0x[0-9a-f]+ in main .*}}string-scan-overflow.c:[[@LINE+2]]
  if (!strcmp(c, "strspn"))
    sink = strspn(unterminated, "a");
  // STRCSPN-NEXT: {{#1 0x[0-9a-f]+ in main .*}}string-scan-overflow.c:[[@LINE+2]]
  if (!strcmp(c, "strcspn"))
    sink = strcspn(unterminated, "yz");
  // STRPBRK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}string-scan-overflow.c:[[@LINE+2]]
  if (!strcmp(c, "strpbrk"))
    sink = (long)strpbrk(unterminated, "yz");
  // STRCASESTR-NEXT: {{#1 0x[0-9a-f]+ in main .*}}string-scan-overflow.c:[[@LINE+2]]
  if (!strcmp(c, "strcasestr"))
    sink = (long)strcasestr(unterminated, "Z");
  // STRCHRNUL-NEXT: {{#1 0x[0-9a-f]+ in main .*}}string-scan-overflow.c:[[@LINE+2]]
  if (!strcmp(c, "strchrnul"))
    sink = (long)strchrnul(unterminated, 'z');
  // ATOI-NEXT: {{#1 0x[0-9a-f]+ in main .*}}string-scan-overflow.c:[[@LINE+2]]
  if (!strcmp(c, "atoi"))
    sink = ato(digits);
  // STRTOK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}string-scan-overflow.c:[[@LINE+2]]
  if (!strcmp(c, "strtok"))
    sink = (long)strtok(0, ",");
  // STRTOK_R-NEXT: {{#1 0x[0-9a-f]+ in main .*}}string-scan-overflow.c:[[@LINE+2]]
  if (!strcmp(c, "strtok_r"))
    sink = (long)strtok_r(0, ",", &save);
  // MEMMEM-NEXT: {{#1 0x[0-9a-f]+ in main .*}}string-scan-overflow.c:[[@LINE+2]]
  if (!strcmp(c, "memmem"))
    sink = (long)memmem(blk, 9, "b", 1);
  // EXPLICIT_BZERO-NEXT: {{#1 0x[0-9a-f]+ in main .*}}string-scan-overflow.c:[[@LINE+2]]
  if (!strcmp(c, "explicit_bzero"))
    explicit_bzero(blk, 9);
  free(blk);
  return sink == 1234;
}
// STRSPN: [[ADDR]] is located 0 bytes after global variable 'unterminated' defined in '{{.*}}string-scan-overflow.c:44:6'
// STRCSPN: [[ADDR]] is located 0 bytes after global variable 'unterminated' defined in '{{.*}}string-scan-overflow.c:44:6'
// STRPBRK: [[ADDR]] is located 0 bytes after global variable 'unterminated' defined in '{{.*}}string-scan-overflow.c:44:6'
// STRCASESTR: [[ADDR]] is located 0 bytes after global variable 'unterminated' defined in '{{.*}}string-scan-overflow.c:44:6'
// STRCHRNUL: [[ADDR]] is located 0 bytes after global variable 'unterminated' defined in '{{.*}}string-scan-overflow.c:44:6'
// ATOI: [[ADDR]] is located 0 bytes after global variable 'digits' defined in '{{.*}}string-scan-overflow.c:45:6'
// STRTOK: [[ADDR]] is located 0 bytes after global variable 'tokens' defined in '{{.*}}string-scan-overflow.c:46:6'
// STRTOK_R: [[ADDR]] is located 0 bytes after global variable 'tokens' defined in '{{.*}}string-scan-overflow.c:46:6'
// HEAP: [[ADDR]] is located 0 bytes after 8-byte region
// HEAP-NEXT: allocated by thread T0 here:
// HEAP-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// HEAP-NEXT: {{#1 0x[0-9a-f]+ in main .*}}string-scan-overflow.c:55
// CHECK: SUMMARY: Sleuth: {{global|heap}}-buffer-overflow {{.*}} in [[FN]]
