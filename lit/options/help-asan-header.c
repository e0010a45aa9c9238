// help=1 read ASan's way (SLEUTH_OPTIONS unset: ASAN_OPTIONS, LSAN_OPTIONS
// or the program's __asan_default_options()) starts with ASan's header in
// Sleuth's name, "Available flags for Sleuth:", then Sleuth's own list;
// from SLEUTH_OPTIONS the list starts with Sleuth's own header only.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env ASAN_OPTIONS=help=1 %run %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=ASAN < %t.out
// RUN: env LSAN_OPTIONS=help=1 %run %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=ASAN < %t.out
// RUN: env SLEUTH_OPTIONS=help=1 %run %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=SLEUTH < %t.out
// RUN: %sleuth_cc -O0 -DHOOK %s -o %t.hook
// RUN: %run %t.hook > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=ASAN < %t.out
#include <stdio.h>

#ifdef HOOK
const char *__asan_default_options(void) { return "verbosity=1 help=1"; }
#endif

int main(void) {
  puts("main ran");
  return 0;
}
// ASAN: {{^}}Available flags for Sleuth:{{$}}
// ASAN-NEXT: {{^}}Sleuth runtime options (SLEUTH_OPTIONS=name=value:...):
// ASAN-DAG: {{^ *}}handle_segv {{.*}}default 1
// ASAN-DAG: {{^ *}}check_initialization_order {{.*}}default
// ASAN-NOT: main ran
// SLEUTH-NOT: Available flags
// SLEUTH: {{^}}Sleuth runtime options (SLEUTH_OPTIONS=name=value:...):
// SLEUTH-NOT: Available flags
// SLEUTH-NOT: main ran
