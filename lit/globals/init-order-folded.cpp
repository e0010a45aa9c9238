// The initialiser of folded_width (Inputs/init-order-folded.cpp, linked after
// this file) is plain code at -O0: reading it from this module's
// initialiser is an initialization-order-fiasco (it reads 0). At -O2 the
// optimiser evaluates it at compile time, the value is there from the start
// and the global is no longer dynamically initialised: no report, 42.
// RUN: %sleuth_cxx -O0 %s %S/Inputs/init-order-folded.cpp -o %t && not %run %t 2>&1 | FileCheck %s --check-prefix=O0
// RUN: %sleuth_cxx -O2 %s %S/Inputs/init-order-folded.cpp -o %t && %run %t 2>&1 | FileCheck %s --check-prefix=O2
// O0: ERROR: Sleuth: initialization-order-fiasco
// O0: is located 0 bytes inside of global variable 'folded_width' defined in '{{.*}}init-order-folded.cpp:6:5'
// O2-NOT: ERROR
// O2: width 42
#include <cstdio>

extern int folded_width;
__attribute__((noinline)) int plus(int v) { return v; }
int width = plus(folded_width);

int main() {
  std::printf("width %d\n", width);
  return 0;
}
