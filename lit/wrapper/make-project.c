// A multi-file Makefile project built with CC=sleuth-cc: separate compile
// and link steps, an overflow in one file of a block allocated in another.
// RUN: rm -rf %t && cp -r %inputs/make-project %t
// RUN: make -s -C %t CC=%sleuth_cc
// RUN: %t/app | FileCheck %s --check-prefix=CLEAN
// RUN: not %t/app overflow 2>&1 | FileCheck %s
// CLEAN: sum 360
// CHECK: ERROR: Sleuth: heap-buffer-overflow on address
// CHECK-NEXT: WRITE of size 4 at
// CHECK-NEXT: {{#0 .* in table_fill .*}}table.c:10
// CHECK: is located 0 bytes after 64-byte region
// CHECK-NEXT: allocated by thread T0 here:
// CHECK-NEXT: {{#0 .* in malloc}}
// CHECK-NEXT: {{#1 .* in table_new .*}}table.c:5
// CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}table.c:10:{{[0-9]+}} in table_fill
