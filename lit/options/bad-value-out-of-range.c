// Values outside an option's documented range are bad values too (DESIGN
// §5): redzone is 16..2048 and a power of two, malloc_context_size 0..256 (as ASan),
// exitcode must fit an exit status.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=redzone=3 %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=RZ < %t.out
// RUN: env SLEUTH_OPTIONS=redzone=4096 %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=RZBIG < %t.out
// RUN: env SLEUTH_OPTIONS=malloc_context_size=257 %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=CTX < %t.out
// RUN: env SLEUTH_OPTIONS=exitcode=99999999999 %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=EXIT < %t.out
#include <stdio.h>

int main(void) {
  puts("main ran");
  return 0;
}
// RZ-NOT: main ran
// RZ: ERROR: Sleuth: invalid value '3' for option 'redzone'
// RZBIG-NOT: main ran
// RZBIG: ERROR: Sleuth: invalid value '4096' for option 'redzone'
// CTX-NOT: main ran
// CTX: ERROR: Sleuth: invalid value '257' for option 'malloc_context_size'
// EXIT-NOT: main ran
// EXIT: ERROR: Sleuth: invalid value '99999999999' for option 'exitcode'
