// A malformed suppressions file stops the program before main with one
// line naming the file, the line and the problem; exit status 1.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: printf '# ok\nleak:foo\n\nnot a rule\n' > %t.nocolon
// RUN: not env SLEUTH_OPTIONS=suppressions=%t.nocolon %run %t 2>&1 | FileCheck %s --check-prefix=COLON -DF=%t.nocolon
// RUN: printf 'leak:foo\nheap-overflow:bar\n' > %t.kind
// RUN: not env SLEUTH_OPTIONS=suppressions=%t.kind %run %t 2>&1 | FileCheck %s --check-prefix=UNKNOWN -DF=%t.kind
// RUN: printf 'leak:\n' > %t.empty
// RUN: not env SLEUTH_OPTIONS=suppressions=%t.empty %run %t 2>&1 | FileCheck %s --check-prefix=EMPTY -DF=%t.empty
// RUN: env SLEUTH_OPTIONS=suppressions=%t.kind %run %t; test $? -eq 1
#include <stdio.h>

int main(void) {
  puts("main ran");
  return 0;
}
// COLON-NOT: main ran
// COLON: {{^==[0-9]+==ERROR: Sleuth: failed to parse suppressions: suppressions file '}}[[F]]' line 4: expected KIND:PATTERN (e.g. leak:my_function), got 'not a rule'
// COLON-NOT: main ran
// UNKNOWN: {{^==[0-9]+==ERROR: Sleuth: failed to parse suppressions: suppressions file '}}[[F]]' line 2: unknown kind 'heap-overflow'
// UNKNOWN-NOT: main ran
// EMPTY: {{^==[0-9]+==ERROR: Sleuth: failed to parse suppressions: suppressions file '}}[[F]]' line 1: empty pattern
