// A SEGV in the target: libFuzzer chains its SIGSEGV handler to the one
// that was there before it, as it does to ASan's, and Sleuth's sigaction
// shows its own handler as that previous one; so the report is Sleuth's
// (the faulting line, the zero-page hint) and libFuzzer's death callback
// saves the input as crash-*.
// REQUIRES: libfuzzer
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %sleuth_cc -O1 -fsanitize=fuzzer %s -o %t
// RUN: not %run %t -seed=1 -runs=2000000 -artifact_prefix=%t.dir/ 2>&1 | FileCheck %s
// RUN: not %run %t %t.dir/crash-* 2>&1 | FileCheck %s
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int *volatile wild = (int *)16;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size >= 3 && memcmp(data, "SEG", 3) == 0)
    *wild = 1;
  return 0;
}
// CHECK-NOT: libFuzzer: deadly signal
// CHECK: ERROR: Sleuth: SEGV on unknown address 0x000000000010
// CHECK: The signal is caused by a WRITE memory access.
// CHECK: #0 {{.*}} in LLVMFuzzerTestOneInput {{.*}}deadly-signal.c:[[@LINE-6]]
// CHECK: SUMMARY: Sleuth: SEGV {{.*}}deadly-signal.c:[[@LINE-7]]
// CHECK-NOT: libFuzzer: deadly signal
