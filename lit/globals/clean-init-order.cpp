// The clean twin of init-order-fiasco.cpp: the module defining the global
// comes first in the link, so its initialiser has run when this one reads
// it; also with strict_init_order=0 explicitly, and globals of this module
// read by its own initialisers. No report; strict_init_order=1 reports the
// read (the order only works because of the link order).
// RUN: %sleuth_cxx -O0 %S/Inputs/init-order-config.cpp %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %S/Inputs/init-order-config.cpp %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=strict_init_order=0 %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=strict_init_order=1 not %run %t 2>&1 | FileCheck %s --check-prefix=STRICT
// CHECK-NOT: ERROR
// CHECK: buffer_size 84 local 85
// STRICT: ERROR: Sleuth: initialization-order-fiasco
// STRICT: is located 0 bytes inside of global variable 'config_limit'
#include <cstdio>

extern int config_limit;

__attribute__((noinline)) int twice(int v) { return v * 2; }

int buffer_size = twice(config_limit);
int local_value = buffer_size + 1; // this module's own global

int main() {
  std::printf("buffer_size %d local %d\n", buffer_size, local_value);
  return 0;
}
