// Driver modes: --version appends one Sleuth line; -static is refused with
// one line; -E and -M do not run the pass (no warnings); -c then link works.
// RUN: %sleuth_cc --version | FileCheck %s --check-prefix=VERSION
// VERSION: clang version
// VERSION: {{^Sleuth [0-9]+\.[0-9]+\.[0-9]+ \(LLVM [0-9]+\)$}}
// RUN: not %sleuth_cc -static %s -o %t 2>&1 | FileCheck %s --check-prefix=STATIC
// STATIC: sleuth-cc: error: -static is not supported
// RUN: %sleuth_cc -E %s 2>&1 | FileCheck %s --check-prefix=PRE
// PRE-NOT: warning
// PRE: int main
// RUN: %sleuth_cc -M %s 2>&1 | FileCheck %s --check-prefix=DEPS
// DEPS-NOT: warning
// DEPS: flags.o: {{.*}}flags.c
// RUN: %sleuth_cc -c -O2 %s -o %t.o 2>&1 | count 0
// RUN: %sleuth_cc %t.o -o %t 2>&1 | count 0
// RUN: %t | FileCheck %s --check-prefix=RUNS
// RUN: env SLEUTH_CC_CLANG=/usr/bin/true not %sleuth_cc -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BADCLANG
// BADCLANG: sleuth-cc: error: cannot run '/usr/bin/true'
// A clang of another LLVM major than the plugin's is named, with both.
// RUN: printf '#!/bin/sh\necho "clang version 99.1.0"\n' > %t.fakeclang && chmod +x %t.fakeclang
// RUN: env SLEUTH_CC_CLANG=%t.fakeclang not %sleuth_cc -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=MISMATCH
// MISMATCH: sleuth-cc: error: {{.*}}fakeclang is clang 99 but SleuthPass.so was built for LLVM {{[0-9]+}}
// RUNS: sleuth enabled
#include <stdio.h>
#include <sleuth/sleuth.h>

int main(void) {
#ifdef SLEUTH_ENABLED
  puts("sleuth enabled");
#endif
  return 0;
}
