// -malloc_limit_mb: libFuzzer's malloc hook (installed through
// __sanitizer_install_malloc_and_free_hooks) sees each allocation's size
// and stops at the first over the limit, as it does under ASan: the
// out-of-memory report names the size and the target's line, and the
// input is saved as oom-*.
// REQUIRES: libfuzzer
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %sleuth_cc -O1 -fsanitize=fuzzer %s -o %t
// RUN: not %run %t -seed=1 -runs=1000000 -malloc_limit_mb=1 -artifact_prefix=%t.dir/ 2>&1 | FileCheck %s
// RUN: %run %t -seed=1 -runs=20000 -malloc_limit_mb=4 2>&1 | FileCheck %s --check-prefix=ROOM
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static char *volatile keep;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size >= 1 && data[0] == 'B') {
    keep = malloc(2 << 20);
    memset(keep, 1, 2 << 20);
    free(keep);
  }
  return 0;
}
// CHECK: ERROR: libFuzzer: out-of-memory (malloc(2097152))
// CHECK: in LLVMFuzzerTestOneInput {{.*}}malloc-limit.c:[[@LINE-7]]
// CHECK: Test unit written to {{.*}}oom-
// CHECK: SUMMARY: libFuzzer: out-of-memory
// ROOM-NOT: out-of-memory
// ROOM: Done 20000 runs
