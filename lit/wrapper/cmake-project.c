// A CMake project configured with CC=sleuth-cc (a static library and an
// executable): CMake's compiler checks pass and the program is checked.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env CC=%sleuth_cc %cmake -S %inputs/cmake-project -B %t -DCMAKE_BUILD_TYPE=Debug > %t/configure.log
// RUN: %cmake --build %t > %t/build.log
// RUN: %t/app | FileCheck %s --check-prefix=CLEAN
// RUN: not %t/app overflow 2>&1 | FileCheck %s
// CLEAN: sum 360
// CHECK: ERROR: Sleuth: heap-buffer-overflow on address
// CHECK-NEXT: WRITE of size 4 at
// CHECK-NEXT: {{#0 .* in table_fill .*}}table.c:10
// CHECK: allocated by thread T0 here:
// CHECK-NEXT: {{#0 .* in malloc}}
// CHECK-NEXT: {{#1 .* in table_new .*}}table.c:5
