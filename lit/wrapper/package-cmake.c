// A separate CMake project built against an installed Sleuth both ways:
// CC=<prefix>/bin/sleuth-cc, and find_package(Sleuth CONFIG) +
// sleuth_instrument() with the plain clang; then find_package from the
// build tree, which mirrors the install tree. Each program is checked.
// RUN: rm -rf %t && %cmake --install %sleuth_build --prefix %t/prefix > /dev/null
// RUN: test -f %t/prefix/lib/cmake/Sleuth/SleuthConfig.cmake
// RUN: test -f %t/prefix/lib/cmake/Sleuth/SleuthConfigVersion.cmake
//
// RUN: env CC=%t/prefix/bin/sleuth-cc %cmake -S %inputs/package-project -B %t/wrapper \
// RUN:     -DSLEUTH_WAY=wrapper -DCMAKE_BUILD_TYPE=Release > %t/wrapper.log
// RUN: %cmake --build %t/wrapper > %t/wrapper-build.log
// RUN: %t/wrapper/app | FileCheck %s --check-prefix=CLEAN
// RUN: not %t/wrapper/app overflow 2>&1 | FileCheck %s
// RUN: not %t/wrapper/shapp overflow 2>&1 | FileCheck %s --check-prefix=SHARED
//
// RUN: env CC=%sleuth_clang %cmake -S %inputs/package-project -B %t/package \
// RUN:     -DSLEUTH_WAY=package -DCMAKE_PREFIX_PATH=%t/prefix -DCMAKE_BUILD_TYPE=Release > %t/package.log
// RUN: FileCheck %s --check-prefix=FOUND < %t/package.log
// RUN: %cmake --build %t/package > %t/package-build.log
// RUN: %t/package/app | FileCheck %s --check-prefix=CLEAN
// RUN: not %t/package/app overflow 2>&1 | FileCheck %s
// RUN: not %t/package/shapp overflow 2>&1 | FileCheck %s --check-prefix=SHARED
//
// RUN: env CC=%sleuth_clang %cmake -S %inputs/package-project -B %t/buildtree \
// RUN:     -DSLEUTH_WAY=package -DSleuth_DIR=%sleuth_build/lib/cmake/Sleuth > %t/buildtree.log
// RUN: %cmake --build %t/buildtree > %t/buildtree-build.log
// RUN: not %t/buildtree/app overflow 2>&1 | FileCheck %s
// RUN: not %t/buildtree/shapp overflow 2>&1 | FileCheck %s --check-prefix=SHARED
//
// SHARED: ERROR: Sleuth: heap-buffer-overflow
// SHARED: {{#0 .* in table_fill .*}}meson-project/table.c:5
// FOUND: Sleuth {{[0-9.]+}} for LLVM {{[0-9]+}}: {{.*}}/prefix/lib/sleuth/SleuthPass.so
// CLEAN: sum 360
// CHECK: ERROR: Sleuth: heap-buffer-overflow on address
// CHECK-NEXT: WRITE of size 4 at
// CHECK-NEXT: {{#0 .* in table_fill .*}}table.c:10
// CHECK: is located 0 bytes after 64-byte region
// CHECK-NEXT: allocated by thread T0 here:
// CHECK-NEXT: {{#0 .* in malloc}}
// CHECK-NEXT: {{#1 .* in table_new .*}}table.c:5
// CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}table.c:10:{{[0-9]+}} in table_fill
// shapp uses a shared library linked with -Wl,--no-undefined, as Meson
// links them: sleuth-cc and sleuth_instrument() (Sleuth::stubs) both make
// it link.
