// A heap overflow behind a 4-byte magic that the target compares with
// memcmp: libFuzzer finds it in a bounded number of runs only because
// Sleuth's memcmp interceptor hands the operands to libFuzzer's hook
// (__sanitizer_weak_hook_memcmp), which puts "FUZ!" into its dictionary.
// The crash input it writes reproduces the same report.
// REQUIRES: libfuzzer
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %sleuth_cc -O1 -fsanitize=fuzzer %s -o %t
// RUN: not %run %t -seed=1 -runs=2000000 -artifact_prefix=%t.dir/ 2>&1 | FileCheck %s
// RUN: not %run %t %t.dir/crash-* 2>&1 | FileCheck %s --check-prefix=REPRO
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %sleuth_cc -O2 -fsanitize=fuzzer %s -o %t
// RUN: not %run %t -seed=7 -runs=2000000 -use_value_profile=1 -artifact_prefix=%t.dir/ 2>&1 | FileCheck %s
// RUN: not %run %t %t.dir/crash-* 2>&1 | FileCheck %s --check-prefix=REPRO
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static char *volatile block;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size >= 5 && memcmp(data, "FUZ!", 4) == 0) {
    block = malloc(size - 1);
    block[size - 1] = (char)data[4];
    free(block);
  }
  return 0;
}
// CHECK: ERROR: Sleuth: heap-buffer-overflow on address
// CHECK: WRITE of size 1 at
// CHECK-NEXT: #0 {{.*}} in LLVMFuzzerTestOneInput {{.*}}memcmp-magic.c:[[@LINE-7]]
// CHECK: 0 bytes after {{[0-9]+}}-byte region
// CHECK: allocated by thread T0 here:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in LLVMFuzzerTestOneInput {{.*}}memcmp-magic.c:[[@LINE-12]]
// CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}memcmp-magic.c:[[@LINE-12]]
// CHECK: Test unit written to {{.*}}crash-
// REPRO: Running: {{.*}}crash-
// REPRO: ERROR: Sleuth: heap-buffer-overflow
// REPRO: WRITE of size 1 at
// REPRO-NEXT: #0 {{.*}} in LLVMFuzzerTestOneInput {{.*}}memcmp-magic.c:[[@LINE-17]]
