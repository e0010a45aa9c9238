// A libFuzzer target (LLVMFuzzerTestOneInput) fuzzed by AFL++: afl-cc
// with AFL_CC=sleuth-cc replaces -fsanitize=fuzzer with AFL++'s driver
// (libAFLDriver), so the same target source builds for either fuzzer, as
// OSS-Fuzz builds it. The crash afl-fuzz saves reproduces when the
// driver runs the file.
// REQUIRES: afl
// RUN: rm -rf %t.dir && mkdir -p %t.dir/in && printf 'FUZ ' > %t.dir/in/seed
// RUN: env AFL_CC=%sleuth_cc afl-cc -O1 -fsanitize=fuzzer %s -o %t
// RUN: env AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 AFL_NO_AFFINITY=1 AFL_BENCH_UNTIL_CRASH=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
// RUN:   afl-fuzz -i %t.dir/in -o %t.dir/out -D -E 100000 -- %t > %t.log 2>&1
// RUN: ls %t.dir/out/default/crashes | FileCheck %s --check-prefix=SAVED
// RUN: not %run %t %t.dir/out/default/crashes/id:000000* 2>&1 | FileCheck %s
#include <stdint.h>
#include <stdlib.h>

static char *volatile block;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size >= 4 && data[0] == 'F' && data[1] == 'U' && data[2] == 'Z' &&
      data[3] == '!') {
    block = malloc(size);
    block[size] = 0;
    free(block);
  }
  return 0;
}
// SAVED: id:000000,sig:06,
// CHECK: ERROR: Sleuth: heap-buffer-overflow
// CHECK: WRITE of size 1 at
// CHECK-NEXT: #0 {{.*}} in LLVMFuzzerTestOneInput {{.*}}afl-libfuzzer-target.c:[[@LINE-8]]
// CHECK: allocated by thread T0 here:
// CHECK: #1 {{.*}} in LLVMFuzzerTestOneInput {{.*}}afl-libfuzzer-target.c:[[@LINE-11]]
