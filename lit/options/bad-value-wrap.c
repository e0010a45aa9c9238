// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=exitcode=-18446744073709551574 %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=EXIT --match-full-lines < %t.out
// RUN: env SLEUTH_OPTIONS=verbosity=-18446744073709551615 %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=VERB --match-full-lines < %t.out
// RUN: env SLEUTH_OPTIONS=heap_profile_timeline_ms=-1 %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=TIMELINE --match-full-lines < %t.out
// RUN: env SLEUTH_OPTIONS=heap_profile_sample=2048g %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=SAMPLE --match-full-lines < %t.out
// RUN: env SLEUTH_OPTIONS=heap_profile_signal=9 %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=KILL --match-full-lines < %t.out
// RUN: env SLEUTH_OPTIONS=heap_profile_signal=62 %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=STW --match-full-lines < %t.out
// RUN: env SLEUTH_OPTIONS=heap_profile_signal=65 %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=SIG65 --match-full-lines < %t.out
// RUN: env SLEUTH_OPTIONS=leak_kinds_fail=direct, %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=TRAIL --match-full-lines < %t.out
// RUN: env SLEUTH_OPTIONS=leak_kinds_fail=direct,,indirect %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=EMPTY --match-full-lines < %t.out
// A name given twice: one warning, the last value is used, main runs.
// RUN: env SLEUTH_OPTIONS=exitcode=3:detect_leaks=0:exitcode=0 %run %t > %t.out 2>&1; test $? -eq 0
// RUN: FileCheck %s --check-prefix=DUP --match-full-lines < %t.out
// The edges of the ranges are accepted (the clean twin).
// RUN: env SLEUTH_OPTIONS=exitcode=255:verbosity=0:heap_profile_signal=0:heap_profile_timeline_ms=0:leak_kinds_fail=direct,indirect %run %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=CLEAN --match-full-lines < %t.out
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_signal=10:heap_profile_prefix=%t.p %run %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=CLEAN --match-full-lines < %t.out
// In ASAN_OPTIONS the same values are warnings only (verbosity=1), as
// ASan's variables stay usable with real ASan builds.
// RUN: env ASAN_OPTIONS=verbosity=1:exitcode=-18446744073709551574:heap_profile_signal=9:leak_kinds_fail=direct,,indirect:exitcode=0 %run %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=ASAN < %t.out
#include <stdio.h>

int main(void) {
  puts("main ran");
  return 0;
}
// EXIT: =={{[0-9]+}}==ERROR: Sleuth: invalid value '-18446744073709551574' for option 'exitcode' in SLEUTH_OPTIONS (expected int from 0 to 255)
// VERB: =={{[0-9]+}}==ERROR: Sleuth: invalid value '-18446744073709551615' for option 'verbosity' in SLEUTH_OPTIONS (expected int from 0 to 3)
// TIMELINE: =={{[0-9]+}}==ERROR: Sleuth: invalid value '-1' for option 'heap_profile_timeline_ms' in SLEUTH_OPTIONS (expected int from 0 to 3600000)
// SAMPLE: =={{[0-9]+}}==ERROR: Sleuth: invalid value '2048g' for option 'heap_profile_sample' in SLEUTH_OPTIONS (expected size from 0 to 1099511627776)
// KILL: =={{[0-9]+}}==ERROR: Sleuth: invalid value '9' for option 'heap_profile_signal' in SLEUTH_OPTIONS (SIGKILL cannot be caught; expected 0 or another signal from 1 to 64)
// STW: =={{[0-9]+}}==ERROR: Sleuth: invalid value '62' for option 'heap_profile_signal' in SLEUTH_OPTIONS (signal 62 stops threads for the leak scan; expected 0 or another signal from 1 to 64)
// SIG65: =={{[0-9]+}}==ERROR: Sleuth: invalid value '65' for option 'heap_profile_signal' in SLEUTH_OPTIONS (expected int from 0 to 64)
// TRAIL: =={{[0-9]+}}==ERROR: Sleuth: invalid value 'direct,' for option 'leak_kinds_fail' in SLEUTH_OPTIONS (expected list of [direct|indirect|possible|reachable|growth|all|none])
// EMPTY: =={{[0-9]+}}==ERROR: Sleuth: invalid value 'direct,,indirect' for option 'leak_kinds_fail' in SLEUTH_OPTIONS (expected list of [direct|indirect|possible|reachable|growth|all|none])
// DUP: =={{[0-9]+}}==WARNING: Sleuth: option 'exitcode' is given more than once in SLEUTH_OPTIONS; the last value is used
// DUP-NEXT: main ran
// CLEAN: main ran
// ASAN: WARNING: Sleuth: ignoring invalid value '-18446744073709551574' for option 'exitcode' in ASAN_OPTIONS (expected int from 0 to 255)
// ASAN: WARNING: Sleuth: ignoring invalid value '9' for option 'heap_profile_signal' in ASAN_OPTIONS (SIGKILL cannot be caught
// ASAN: main ran
// ASAN-NOT: ERROR
//
// Numeric options have a range in the option table (options.inc), checked
// after parsing, so no value wraps into it: before, exitcode=-18446744073709551574
// gave exit status 42 and verbosity=-18446744073709551615 verbosity 1.
// heap_profile_signal must be catchable and not one the runtime uses. A
// list item between commas must be a listed word ("none" is the empty
// list), so a trailing comma and an empty item are the same bad value.
