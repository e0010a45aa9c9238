// pkg-config against an installed Sleuth: the plain clang with
// `pkg-config --cflags sleuth` compiles, `--libs` links the runtime, and the
// program reports the overflow at the right line.
// RUN: rm -rf %t && %cmake --install %sleuth_build --prefix %t/prefix > /dev/null
// RUN: export PKG_CONFIG_PATH=%t/prefix/lib/pkgconfig && \
// RUN: pkg-config --modversion sleuth | FileCheck %s --check-prefix=VERSION && \
// RUN: cc=$(pkg-config --variable=clang sleuth) && test -x "$cc" && \
// RUN: "$cc" -O1 $(pkg-config --cflags sleuth) -c %inputs/make-project/table.c -o %t/table.o && \
// RUN: "$cc" -O1 $(pkg-config --cflags sleuth) -c %inputs/make-project/main.c -o %t/main.o && \
// RUN: "$cc" %t/main.o %t/table.o $(pkg-config --libs sleuth) -o %t/app
// RUN: %t/app | FileCheck %s --check-prefix=CLEAN
// RUN: not %t/app overflow 2>&1 | FileCheck %s
// RUN: export PKG_CONFIG_PATH=%t/prefix/lib/pkgconfig && cc=$(pkg-config --variable=clang sleuth) && \
// RUN: "$cc" -O1 -fPIC $(pkg-config --cflags sleuth) -shared -Wl,--no-undefined %inputs/meson-project/table.c \
// RUN:     $(pkg-config --variable=shared_libs sleuth) -o %t/libshtable.so && \
// RUN: "$cc" -O1 $(pkg-config --cflags sleuth) %inputs/meson-project/app.c -L%t -lshtable -Wl,-rpath,%t \
// RUN:     $(pkg-config --libs sleuth) -o %t/shapp
// RUN: not %t/shapp overflow 2>&1 | FileCheck %s --check-prefix=SHARED
// SHARED: ERROR: Sleuth: heap-buffer-overflow
// SHARED: {{#0 .* in table_fill .*}}meson-project/table.c:5
// VERSION: {{^[0-9]+\.[0-9]+\.[0-9]+$}}
// CLEAN: sum 360
// CHECK: ERROR: Sleuth: heap-buffer-overflow on address
// CHECK-NEXT: WRITE of size 4 at
// CHECK-NEXT: {{#0 .* in table_fill .*}}table.c:10
// CHECK: allocated by thread T0 here:
// CHECK-NEXT: {{#0 .* in malloc}}
// CHECK-NEXT: {{#1 .* in table_new .*}}table.c:5
// CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}table.c:10:{{[0-9]+}} in table_fill
// A shared library links under -Wl,--no-undefined with the shared_libs
// variable (the stubs of the runtime's entry points).

// pkg-config is Debian's pkg-config package (lit.cfg.py names it when missing).
// REQUIRES: pkg-config
