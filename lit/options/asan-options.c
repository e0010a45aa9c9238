// With SLEUTH_OPTIONS unset, ASAN_OPTIONS and then LSAN_OPTIONS are read as
// ASan reads them: ',', ':', spaces and newlines separate flags, values may
// be quoted, booleans may be yes/no; a flag Sleuth lacks or a bad value is
// ignored, with one warning line only at verbosity=1 (never fatal). Set,
// SLEUTH_OPTIONS replaces both and stays strict. The program's
// __asan_default_options() comes first, the variables override it.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env ASAN_OPTIONS=detect_leaks=no %run %t 2>&1 | count 0
// RUN: env ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=detect_leaks=false %run %t 2>&1 | count 0
// RUN: env ASAN_OPTIONS='verbosity=1,no_such_flag=1 exitcode=7:halt_on_error=maybe' %run %t > %t.out 2>&1; test $? -eq 7
// RUN: FileCheck %s --check-prefixes=WARN,LEAK < %t.out
// RUN: env ASAN_OPTIONS='no_such_flag=1,exitcode="9"' %run %t > %t.out 2>&1; test $? -eq 9
// RUN: FileCheck %s --check-prefixes=QUIET,LEAK < %t.out
// RUN: env ASAN_OPTIONS=detect_leaks=0 SLEUTH_OPTIONS=exitcode=4 %run %t > %t.out 2>&1; test $? -eq 4
// RUN: FileCheck %s --check-prefix=LEAK < %t.out
// RUN: env ASAN_OPTIONS=exitcode=3 SLEUTH_OPTIONS=no_such_flag=1 %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=STRICT < %t.out
// A quoted value keeps its separators (here a suppressions path).
// RUN: mkdir -p '%t.d/a b' && printf 'leak:^make_block$\n' > '%t.d/a b/s.supp'
// RUN: env ASAN_OPTIONS="suppressions='%t.d/a b/s.supp'" %run %t 2>&1 | FileCheck %s --check-prefix=SUPP
// The compiled-in defaults, overridden by ASAN_OPTIONS.
// RUN: %sleuth_cc -O0 -DHOOK %s -o %t.hook
// RUN: %run %t.hook > /dev/null 2>&1; test $? -eq 6
// RUN: env ASAN_OPTIONS=exitcode=5 %run %t.hook > /dev/null 2>&1; test $? -eq 5
// The clean twin: nothing leaks; the unknown flag prints nothing.
// RUN: %sleuth_cc -O0 -DCLEAN %s -o %t.clean
// RUN: env ASAN_OPTIONS=no_such_flag=1:exitcode=7 LSAN_OPTIONS=use_stacks=0 %run %t.clean 2>&1 | count 0
#include <stdlib.h>
#include <string.h>

#ifdef HOOK
const char *__asan_default_options(void) { return "exitcode=6"; }
#endif

void *volatile sink;

__attribute__((noinline)) void *make_block(void) {
  char *p = malloc(24);
  memset(p, 1, 24);
  return p;
}

int main(void) {
  sink = make_block();
#ifdef CLEAN
  free(sink);
#endif
  sink = 0;
  return 0;
}
// WARN: WARNING: Sleuth: ignoring ASAN_OPTIONS flag 'no_such_flag=1': not a Sleuth option
// WARN-NEXT: WARNING: Sleuth: ignoring invalid value 'maybe' for option 'halt_on_error' in ASAN_OPTIONS (expected bool)
// QUIET-NOT: WARNING
// LEAK: ERROR: Sleuth: detected memory leaks
// LEAK: Direct leak of 24 byte(s) in 1 object(s) allocated from:
// LEAK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// LEAK-NEXT: {{#1 0x[0-9a-f]+ in make_block .*}}asan-options.c:38
// LEAK: SUMMARY: Sleuth: 24 byte(s) leaked in 1 allocation(s).
// STRICT: ERROR: Sleuth: unknown option 'no_such_flag' in SLEUTH_OPTIONS
// SUPP-NOT: ERROR
// SUPP: Suppressions used:
// SUPP-NEXT: count bytes template
// SUPP-NEXT: 1 24 ^make_block$
// SUPP: suppressed: 24 bytes in 1 blocks
