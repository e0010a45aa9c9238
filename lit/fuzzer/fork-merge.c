// libFuzzer's modes that run the target in child processes or over a
// corpus: -fork=2 (children fuzz, the parent collects their corpus and
// crash), -merge=1 (a corpus minimized into another directory), and
// -close_fd_mask=3 (the target's stdout and stderr closed): Sleuth's
// report still reaches the terminal, through the descriptor libFuzzer
// hands to __sanitizer_set_report_fd.
// REQUIRES: libfuzzer
// RUN: rm -rf %t.dir && mkdir -p %t.dir/corpus %t.dir/merged
// RUN: %sleuth_cc -O1 -fsanitize=fuzzer %s -o %t
// RUN: not %run %t -seed=1 -fork=2 -runs=2000000 -artifact_prefix=%t.dir/ %t.dir/corpus 2>&1 | FileCheck %s --check-prefix=FORK
// RUN: %run %t -merge=1 %t.dir/merged %t.dir/corpus 2>&1 | FileCheck %s --check-prefix=MERGE
// RUN: not %run %t -close_fd_mask=3 %t.dir/crash-* 2>&1 | FileCheck %s --check-prefix=CLOSED
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *volatile block;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size >= 2 && data[0] == 'u') {
    fprintf(stderr, "target's own output\n");
    if (size >= 3 && memcmp(data + 1, "af", 2) == 0) {
      block = malloc(16);
      free(block);
      block[3] = 0;
    }
  }
  return 0;
}
// FORK: INFO: -fork=2: fuzzing in separate process(s)
// FORK: ERROR: Sleuth: heap-use-after-free
// FORK: WRITE of size 1 at
// FORK: #0 {{.*}} in LLVMFuzzerTestOneInput {{.*}}fork-merge.c:[[@LINE-8]]
// FORK: freed by thread T0 here:
// FORK: #1 {{.*}} in LLVMFuzzerTestOneInput {{.*}}fork-merge.c:[[@LINE-11]]
// FORK: Test unit written to {{.*}}crash-
// MERGE: MERGE-OUTER: {{[0-9]+}} new files with {{[0-9]+}} new features added
// CLOSED-NOT: target's own output
// CLOSED: ERROR: Sleuth: heap-use-after-free
// CLOSED: #0 {{.*}} in LLVMFuzzerTestOneInput {{.*}}fork-merge.c:[[@LINE-15]]
