// libFuzzer's -detect_leaks=1 (its default) ties a leak to the input that
// caused it: it counts mallocs and frees through Sleuth's malloc hooks,
// runs the input again with __lsan_disable, then asks
// __lsan_do_recoverable_leak_check; Sleuth prints the leak and libFuzzer
// saves the input as leak-*, which reproduces the report at exit. The
// magic is compared with strncmp (its hook). With -detect_leaks=0 no input
// is blamed: the leaks of the whole run are reported at exit, as under ASan.
// REQUIRES: libfuzzer
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %sleuth_cc -O1 -fsanitize=fuzzer %s -o %t
// RUN: not %run %t -seed=1 -runs=2000000 -artifact_prefix=%t.dir/ 2>&1 | FileCheck %s
// RUN: not %run %t %t.dir/leak-* 2>&1 | FileCheck %s --check-prefix=REPRO
// RUN: not %run %t -seed=1 -runs=100000 -detect_leaks=0 2>&1 | FileCheck %s --check-prefix=OFF
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static char *volatile keep;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size >= 4 && strncmp((const char *)data, "LEAK", 4) == 0) {
    keep = malloc(48);
    keep[0] = 1;
    keep = 0;
  }
  return 0;
}
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK: Direct leak of 48 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in LLVMFuzzerTestOneInput {{.*}}leak-per-input.c:[[@LINE-9]]
// CHECK: SUMMARY: Sleuth: 48 byte(s) leaked in 1 allocation(s).
// CHECK: INFO: to ignore leaks on libFuzzer side use -detect_leaks=0.
// CHECK: Test unit written to {{.*}}leak-
// REPRO: Running: {{.*}}leak-
// REPRO: Direct leak of 48 byte(s) in 1 object(s) allocated from:
// REPRO: #1 {{.*}} in LLVMFuzzerTestOneInput {{.*}}leak-per-input.c:[[@LINE-15]]
// OFF-NOT: Sleuth
// OFF-NOT: Test unit written
// OFF: Done 100000 runs
// OFF: ERROR: Sleuth: detected memory leaks
// OFF: Direct leak of {{[0-9]+}} byte(s) in {{[0-9]+}} object(s) allocated from:
