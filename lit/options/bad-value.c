// A value of the wrong type for its option: one line naming the option and
// the value, exit status 1, main never runs. Covers each value type.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=exitcode=abc %run %t > %t.out 2>&1; test $? -eq 1
// RUN: count 1 < %t.out
// RUN: FileCheck %s --check-prefix=INT < %t.out
// RUN: env SLEUTH_OPTIONS=halt_on_error=2 %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=BOOL < %t.out
// RUN: env SLEUTH_OPTIONS=quarantine_size_mb=-1 %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=SIZE < %t.out
// RUN: env SLEUTH_OPTIONS=log_format=xml %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=CHOICE < %t.out
// RUN: env SLEUTH_OPTIONS=leak_kinds_fail=direct,bogus %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=LIST < %t.out
// RUN: env SLEUTH_OPTIONS=halt_on_error %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=NOVALUE < %t.out
#include <stdio.h>

int main(void) {
  puts("main ran");
  return 0;
}
// INT-NOT: main ran
// INT: ERROR: Sleuth: invalid value 'abc' for option 'exitcode'
// BOOL-NOT: main ran
// BOOL: ERROR: Sleuth: invalid value '2' for option 'halt_on_error'
// SIZE-NOT: main ran
// SIZE: ERROR: Sleuth: invalid value '-1' for option 'quarantine_size_mb'
// CHOICE-NOT: main ran
// CHOICE: ERROR: Sleuth: invalid value 'xml' for option 'log_format'
// LIST-NOT: main ran
// LIST: ERROR: Sleuth: invalid value 'direct,bogus' for option 'leak_kinds_fail'
// NOVALUE-NOT: main ran
// NOVALUE: ERROR: Sleuth: {{.*}}'halt_on_error'
