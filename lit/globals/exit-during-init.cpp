// RUN: %sleuth_cxx -O0 %s %S/Inputs/init-order-config.cpp -o %t
// RUN: %run %t 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: env SLEUTH_OPTIONS=strict_init_order=1 %run %t 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: %sleuth_cxx -O0 -DREAD_BEFORE_EXIT %s %S/Inputs/init-order-config.cpp -o %t-early
// RUN: not %run %t-early 2>&1 | FileCheck %s
#include <cstdio>
#include <cstdlib>

int read_limit();

struct ReportAtExit {
  ~ReportAtExit() { std::printf("limit at exit %d\n", read_limit()); }
};
ReportAtExit report_at_exit;

struct ExitWhileInitialising {
  ExitWhileInitialising() {
#ifdef READ_BEFORE_EXIT
    std::printf("limit %d\n", read_limit());
#endif
    std::exit(0);
  }
};
ExitWhileInitialising exit_while_initialising;

int main() { return 1; }

// CLEAN-NOT: Sleuth
// CLEAN: limit at exit 0
// CLEAN-NOT: Sleuth

// CHECK: ERROR: Sleuth: initialization-order-fiasco on address [[ADDR:0x[0-9a-f]+]] at pc
// CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} in read_limit() {{.*}}init-order-config.cpp:12
// CHECK-NEXT: #1 0x{{[0-9a-f]+}} in ExitWhileInitialising::ExitWhileInitialising() {{.*}}exit-during-init.cpp:19
// CHECK: [[ADDR]] is located 0 bytes inside of global variable 'config_limit' defined in '{{.*}}init-order-config.cpp:8:5' ({{0x[0-9a-f]+}}) of size 4
// CHECK: SUMMARY: Sleuth: initialization-order-fiasco

// This file's initialisers run first (its object comes first in the link)
// and call exit() before the other module's have run. exit() runs the
// destructor registered so far, which reads the other module's dynamically
// initialised global: that global will never be initialised, and the
// program is exiting, so init-order checking has ended (as in ASan): no
// report, with strict_init_order=1 too. A read inside the initialiser,
// before exit(), is still an initialization-order-fiasco.
