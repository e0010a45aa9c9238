// ASan's odr_violation:PATTERN suppresses the odr-violation of a global
// whose name matches, as ASan matches it (the qualified name, '*', '^' and
// '$'), from ASAN_OPTIONS or SLEUTH_OPTIONS; a rule naming another global
// leaves the report. Suppressed, the program runs and exits 0.
// RUN: %sleuth_cxx -DLIB1 -fPIC -shared %s -o %t-1.so
// RUN: %sleuth_cxx -DLIB2 -fPIC -shared %s -o %t-2.so
// RUN: %sleuth_cxx %s -o %t %t-1.so %t-2.so -Wl,-rpath,%T
// RUN: echo "odr_violation:limits::table" > %t.exact.supp
// RUN: env ASAN_OPTIONS=suppressions=%t.exact.supp %run %t 2>&1 | FileCheck %s --check-prefix=QUIET
// RUN: printf '# a comment\nodr_violation:^limits::t*e$\n' > %t.glob.supp
// RUN: env SLEUTH_OPTIONS=suppressions=%t.glob.supp %run %t 2>&1 | FileCheck %s --check-prefix=QUIET
// RUN: echo "odr_violation:other_table" > %t.other.supp
// RUN: env ASAN_OPTIONS=suppressions=%t.other.supp not %run %t 2>&1 | FileCheck %s
#if defined(LIB1) || defined(LIB2)
namespace limits {
int table[4] = {1};
}
#if defined(LIB1)
int lib1_first() { return limits::table[0]; }
#endif
#else
#include <stdio.h>
int lib1_first();
int main() {
  printf("main ran %d\n", lib1_first());
  return 0;
}
#endif
// QUIET-NOT: odr-violation
// QUIET: main ran 1
// QUIET-NOT: odr-violation
// CHECK: ERROR: Sleuth: odr-violation
// CHECK-NEXT: [1] size=16 'limits::table'
// CHECK: SUMMARY: Sleuth: odr-violation: global 'limits::table'
// CHECK-NOT: main ran
