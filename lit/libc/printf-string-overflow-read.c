// The printf family's %s arguments, puts and fputs reading an
// unterminated global string (its zeroed redzone ends the read at a known
// byte): READ of the string and the byte after it, as ASan 14 reports it,
// with the interceptor as frame #0 and the call as #1. %.10s reads up to
// 10 bytes or the NUL. check_printf=0 turns the %s checks off.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not %run %t printf 2>&1 | FileCheck %s -DFN=printf --check-prefixes=CHECK,PRINTF
// RUN: not %run %t fprintf 2>&1 | FileCheck %s -DFN=fprintf --check-prefixes=CHECK,FPRINTF
// RUN: not %run %t dprintf 2>&1 | FileCheck %s -DFN=dprintf --check-prefixes=CHECK,DPRINTF
// RUN: not %run %t vfprintf 2>&1 | FileCheck %s -DFN=vfprintf --check-prefixes=CHECK,VFPRINTF
// RUN: not %run %t snprintf 2>&1 | FileCheck %s -DFN=snprintf --check-prefixes=CHECK,SNPRINTF
// RUN: not %run %t sprintf 2>&1 | FileCheck %s -DFN=sprintf --check-prefixes=CHECK,SPRINTF
// RUN: not %run %t precision 2>&1 | FileCheck %s -DFN=printf --check-prefixes=CHECK,PRECISION
// RUN: not %run %t puts 2>&1 | FileCheck %s -DFN=puts --check-prefixes=CHECK,PUTS
// RUN: not %run %t fputs 2>&1 | FileCheck %s -DFN=fputs --check-prefixes=CHECK,FPUTS
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: not %run %t printf 2>&1 | FileCheck %s -DFN=printf --check-prefixes=CHECK,PRINTF
// RUN: not %run %t fprintf 2>&1 | FileCheck %s -DFN=fprintf --check-prefixes=CHECK,FPRINTF
// RUN: not %run %t dprintf 2>&1 | FileCheck %s -DFN=dprintf --check-prefixes=CHECK,DPRINTF
// RUN: not %run %t vfprintf 2>&1 | FileCheck %s -DFN=vfprintf --check-prefixes=CHECK,VFPRINTF
// RUN: not %run %t snprintf 2>&1 | FileCheck %s -DFN=snprintf --check-prefixes=CHECK,SNPRINTF
// RUN: not %run %t sprintf 2>&1 | FileCheck %s -DFN=sprintf --check-prefixes=CHECK,SPRINTF
// RUN: not %run %t precision 2>&1 | FileCheck %s -DFN=printf --check-prefixes=CHECK,PRECISION
// RUN: not %run %t puts 2>&1 | FileCheck %s -DFN=puts --check-prefixes=CHECK,PUTS
// RUN: not %run %t fputs 2>&1 | FileCheck %s -DFN=fputs --check-prefixes=CHECK,FPUTS
// With _FORTIFY_SOURCE glibc's headers call the __*_chk entry points:
// RUN: %sleuth_cc -O2 -D_FORTIFY_SOURCE=2 %s -o %t.fortify
// RUN: not %run %t.fortify printf 2>&1 | FileCheck %s -DFN=__printf_chk --check-prefixes=CHECK,FORTIFY
// RUN: not %run %t.fortify fprintf 2>&1 | FileCheck %s -DFN=__fprintf_chk --check-prefixes=CHECK,FORTIFY
// RUN: not %run %t.fortify dprintf 2>&1 | FileCheck %s -DFN=__dprintf_chk --check-prefixes=CHECK,FORTIFY
// RUN: not %run %t.fortify vfprintf 2>&1 | FileCheck %s -DFN=__vfprintf_chk --check-prefixes=CHECK,FORTIFY
// RUN: not %run %t.fortify snprintf 2>&1 | FileCheck %s -DFN=__snprintf_chk --check-prefixes=CHECK,FORTIFY
// RUN: not %run %t.fortify sprintf 2>&1 | FileCheck %s -DFN=__sprintf_chk --check-prefixes=CHECK,FORTIFY
// RUN: not %run %t.fortify precision 2>&1 | FileCheck %s -DFN=__printf_chk --check-prefixes=CHECK,FORTIFY
// RUN: not %run %t.fortify puts 2>&1 | FileCheck %s -DFN=puts --check-prefixes=CHECK,FORTIFY
// RUN: not %run %t.fortify fputs 2>&1 | FileCheck %s -DFN=fputs --check-prefixes=CHECK,FORTIFY
// RUN: env SLEUTH_OPTIONS=check_printf=0 %run %t printf 2>&1 | FileCheck %s --check-prefix=OFF
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

// CHECK: ERROR: Sleuth: global-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
// CHECK-NEXT: READ of size 9 at [[ADDR]] thread T0
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in }}[[FN]] {{.*}}interceptors_
// With _FORTIFY_SOURCE, glibc's inline wrapper from bits/stdio2.h comes
// between the interceptor and the call:
// FORTIFY: {{#[12] 0x[0-9a-f]+ in (main|call_vfprintf) .*}}printf-string-overflow-read.c:
// OFF-NOT: ERROR
// OFF: 2 aaaaaaaa!

char unterminated[8] = {'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a'};

__attribute__((noinline)) static void call_vfprintf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  // VFPRINTF-NEXT: {{#1 0x[0-9a-f]+ in call_vfprintf .*}}printf-string-overflow-read.c:[[@LINE+1]]
  vfprintf(stderr, fmt, ap);
  va_end(ap);
}

int main(int argc, char **argv) {
  const char *c = argv[1];
  char buf[64];
  // PRINTF-NEXT: {{#1 0x[0-9a-f]+ in main .*}}printf-string-overflow-read.c:[[@LINE+2]]
  if (!strcmp(c, "printf"))
    printf("%d %s!\n", argc, unterminated);
  // FPRINTF-NEXT: {{#1 0x[0-9a-f]+ in main .*}}printf-string-overflow-read.c:[[@LINE+2]]
  if (!strcmp(c, "fprintf"))
    fprintf(stderr, "%5.2f %s!\n", 1.5, unterminated);
  // DPRINTF-NEXT: {{#1 0x[0-9a-f]+ in main .*}}printf-string-overflow-read.c:[[@LINE+2]]
  if (!strcmp(c, "dprintf"))
    dprintf(2, "%lld%s", 7LL, unterminated);
  if (!strcmp(c, "vfprintf"))
    call_vfprintf("%p %s", (void *)0, unterminated);
  // SNPRINTF-NEXT: {{#1 0x[0-9a-f]+ in main .*}}printf-string-overflow-read.c:[[@LINE+2]]
  if (!strcmp(c, "snprintf"))
    snprintf(buf, sizeof buf, "%ld %s", 7L, unterminated);
  // SPRINTF-NEXT: {{#1 0x[0-9a-f]+ in main .*}}printf-string-overflow-read.c:[[@LINE+2]]
  if (!strcmp(c, "sprintf"))
    sprintf(buf, "%c%s", 'x', unterminated);
  // PRECISION-NEXT: {{#1 0x[0-9a-f]+ in main .*}}printf-string-overflow-read.c:[[@LINE+2]]
  if (!strcmp(c, "precision"))
    printf("%.10s|\n", unterminated);
  // PUTS-NEXT: {{#1 0x[0-9a-f]+ in main .*}}printf-string-overflow-read.c:[[@LINE+2]]
  if (!strcmp(c, "puts"))
    puts(unterminated);
  // FPUTS-NEXT: {{#1 0x[0-9a-f]+ in main .*}}printf-string-overflow-read.c:[[@LINE+2]]
  if (!strcmp(c, "fputs"))
    fputs(unterminated, stdout);
  return buf[0] == 1;
}
// CHECK: [[ADDR]] is located 0 bytes after global variable 'unterminated' defined in '{{.*}}printf-string-overflow-read.c:51:6'
// CHECK: SUMMARY: Sleuth: global-buffer-overflow {{.*}} in [[FN]]
