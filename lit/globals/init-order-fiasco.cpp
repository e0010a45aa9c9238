// A dynamic initialiser that reads a global of another module whose
// initialisers have not run yet (this file's object comes first in the link,
// so its initialisers run first): initialization-order-fiasco, naming the
// global and where it is defined. Read directly (extern) and through a
// function of the other module.
// RUN: %sleuth_cxx -O0 %s %S/Inputs/init-order-config.cpp -o %t && not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,DIRECT
// RUN: %sleuth_cxx -O2 %s %S/Inputs/init-order-config.cpp -o %t && not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,DIRECT
// RUN: %sleuth_cxx -O0 -DVIA_CALL %s %S/Inputs/init-order-config.cpp -o %t && not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,CALL
// RUN: %sleuth_cxx -O2 -DVIA_CALL %s %S/Inputs/init-order-config.cpp -o %t && not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,CALL
// RUN: env SLEUTH_OPTIONS=check_initialization_order=0 %run %t 2>&1 | FileCheck %s --check-prefix=OFF
#include <cstdio>

extern int config_limit;
int read_limit();

#ifdef VIA_CALL
int buffer_size = read_limit() * 2;
#else
int buffer_size = config_limit * 2;
#endif
// CHECK: ERROR: Sleuth: initialization-order-fiasco on address [[ADDR:0x[0-9a-f]+]] at pc
// CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
// DIRECT-NEXT: #0 0x{{[0-9a-f]+}} in {{.*}}init-order-fiasco.cpp:19
// CALL-NEXT: #0 0x{{[0-9a-f]+}} in read_limit() {{.*}}init-order-config.cpp:12
// CALL-NEXT: #1 0x{{[0-9a-f]+}} in {{.*}}init-order-fiasco.cpp:17
// CHECK: [[ADDR]] is located 0 bytes inside of global variable 'config_limit' defined in '{{.*}}init-order-config.cpp:8:5' ({{0x[0-9a-f]+}}) of size 4
// CHECK: Global init order:       f6
// CHECK: SUMMARY: Sleuth: initialization-order-fiasco
// Off, the read sees the value before initialisation: 0.
// OFF: buffer_size 0

int main() {
  std::printf("buffer_size %d\n", buffer_size);
  return 0;
}
