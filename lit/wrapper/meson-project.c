// REQUIRES: meson, ninja-build
// RUN: rm -rf %t && mkdir -p %t
// RUN: env CC=%sleuth_cc meson setup --wrap-mode=nodownload %t/build %inputs/meson-project > %t/setup.log
// RUN: grep -q -- '-Wl,--no-undefined' %t/build/build.ninja
// RUN: ninja -C %t/build > %t/build.log
// RUN: %t/build/app | FileCheck %s --check-prefix=CLEAN
// RUN: not %t/build/app overflow 2>&1 | FileCheck %s
// CLEAN: sum 360
// CHECK: ERROR: Sleuth: heap-buffer-overflow on address
// CHECK-NEXT: WRITE of size 4 at
// CHECK-NEXT: {{#0 .* in table_fill .*}}table.c:5
// CHECK-NEXT: {{#1 .* in main .*}}app.c:10
// CHECK: allocated by thread T0 here:
// CHECK-NEXT: {{#0 .* in malloc}}
// CHECK-NEXT: {{#1 .* in table_new .*}}table.c:2
// The library run without any Sleuth runtime says so in one line.
// RUN: %clang %inputs/meson-project/app.c -L%t/build -ltable -Wl,-rpath,%t/build -o %t/plain
// RUN: not %t/plain 2>&1 | FileCheck %s --check-prefix=NORUNTIME
// NORUNTIME: Sleuth: __sleuth_{{[a-z_]+}} called from a library built with sleuth-cc, but this program has no Sleuth runtime
// With sleuth-run the plain program gets the preloaded runtime.
// RUN: not %sleuth_run %t/plain overflow 2>&1 | FileCheck %s --check-prefix=PRELOAD
// PRELOAD: ERROR: Sleuth: heap-buffer-overflow
// PRELOAD: {{#0 .* in table_fill .*}}table.c:5
//
// A Meson project configured with CC=sleuth-cc: a shared library, linked
// with Meson's default -Wl,--no-undefined (b_lundef), and an executable
// using it. The library's calls into the runtime resolve at link time
// against libsleuth_stubs.so, and at run time to the executable's runtime.
// Needs meson and ninja (Debian: apt-get install meson ninja-build);
// without them the test is UNSUPPORTED.
