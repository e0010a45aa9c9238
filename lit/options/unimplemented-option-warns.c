// Options of features that do not exist yet are accepted (scripts written
// for later versions keep working), silently by default; verbosity=1 says
// once that the option has no effect.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=color=always %run %t 2>&1 | FileCheck %s --check-prefix=QUIET
// RUN: env SLEUTH_OPTIONS=verbosity=1:color=always:heap_profile_sample=4096 %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=help=1 %run %t | FileCheck %s --check-prefix=HELP
// QUIET-NOT: Sleuth
// QUIET: main ran
// CHECK: WARNING: Sleuth: option 'color' is accepted but not implemented yet
// CHECK-NOT: WARNING
// CHECK: main ran
// HELP: {{^  halt_on_error .*at the end\.$}}
// HELP: {{^  color .*\(not implemented yet\)$}}
// HELP-NOT: heap_profile {{.*}}not implemented
#include <stdio.h>

int main(void) {
  puts("main ran");
  return 0;
}
