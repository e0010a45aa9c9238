// coverage=1 with code built with -fsanitize-coverage=func,trace-pc-guard:
// as ASan's runtime, the pcs of the functions entered are written at exit
// and on __sanitizer_cov_dump() to <coverage_dir>/<module>.<pid>.sancov,
// one file per module (the 64-bit magic, then each pc's offset in its
// module), verbosity=1 naming each; __sanitizer_cov_reset() forgets the pcs
// so far. Without coverage=1 nothing is written.
// RUN: %sleuth_cc -O0 -fsanitize-coverage=func,trace-pc-guard -DLIB -fPIC -shared %s -o %T/libsancov-lib.so
// RUN: %sleuth_cc -O0 -fsanitize-coverage=func,trace-pc-guard %s %T/libsancov-lib.so -Wl,-rpath,%T -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: env ASAN_OPTIONS=coverage=1:verbosity=1 %run %t 2>&1 | FileCheck %s
// RUN: ls %t.d | FileCheck %s --check-prefix=FILES
// RUN: %python %S/Inputs/sancov_offsets.py %t.d/coverage-sancov.c.tmp.*.sancov > %t.exe.offsets
// RUN: %llvm_symbolizer --obj=%t < %t.exe.offsets | FileCheck %s --check-prefix=EXE
// RUN: %python %S/Inputs/sancov_offsets.py %t.d/libsancov-lib.so.*.sancov > %t.lib.offsets
// RUN: %llvm_symbolizer --obj=%T/libsancov-lib.so < %t.lib.offsets | FileCheck %s --check-prefix=LIB
// RUN: rm -rf %t.d2 && mkdir -p %t.d2
// RUN: env SLEUTH_OPTIONS=coverage=1:coverage_dir=%t.d2 %run %t 2>&1 | FileCheck %s --check-prefix=QUIET
// RUN: ls %t.d2 | FileCheck %s --check-prefix=FILES
// RUN: rm -rf %t.d3 && mkdir -p %t.d3 && cd %t.d3 && %run %t 2>&1 | FileCheck %s --check-prefix=QUIET
// RUN: ls %t.d3 | count 0
#include <sanitizer/coverage_interface.h>
#include <stdio.h>

#ifdef LIB
void lib_fn(void) { fprintf(stderr, "lib\n"); }
#else
void lib_fn(void);
__attribute__((noinline)) void exe_one(void) { fprintf(stderr, "one\n"); }
__attribute__((noinline)) void exe_two(void) { fprintf(stderr, "two\n"); }

int main(void) {
  exe_one();
  __sanitizer_cov_dump(); /* main and exe_one */
  __sanitizer_cov_reset();
  exe_two();
  lib_fn();
  return 0; /* at exit: exe_two, and lib_fn in the library */
}
#endif
// CHECK: {{^one$}}
// CHECK-NEXT: SanitizerCoverage: ./coverage-sancov.c.tmp.{{[0-9]+}}.sancov: 2 PCs written
// CHECK-NEXT: {{^two$}}
// CHECK-NEXT: {{^lib$}}
// CHECK-DAG: SanitizerCoverage: ./coverage-sancov.c.tmp.{{[0-9]+}}.sancov: 1 PCs written
// CHECK-DAG: SanitizerCoverage: ./libsancov-lib.so.{{[0-9]+}}.sancov: 1 PCs written
// FILES-DAG: coverage-sancov.c.tmp.{{[0-9]+}}.sancov
// FILES-DAG: libsancov-lib.so.{{[0-9]+}}.sancov
// EXE: {{^exe_two$}}
// EXE-NOT: {{^main$}}
// EXE-NOT: {{^exe_one$}}
// LIB: {{^lib_fn$}}
// QUIET-NOT: SanitizerCoverage
