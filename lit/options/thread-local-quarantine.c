// thread_local_quarantine_size_kb, as ASan's option: a thread's frees wait
// in its own batch until it holds that much, then join the global
// quarantine together. 16 freed blocks of 1000 bytes (about 21 KiB) stay in
// the default 1 MiB batch (the global quarantine holds nothing yet); with
// 4 KiB batches they have joined it. 0 is refused unless the quarantine is
// off too, in either syntax, with ASan's message; quarantine_size (ASan's
// deprecated size in bytes) and quarantine_size_mb together are refused as
// ASan refuses them. verbosity=1 prints the sizes in use, as ASan does.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=detect_leaks=0 %run %t 2>&1 | FileCheck %s --check-prefix=BATCH
// RUN: env SLEUTH_OPTIONS=detect_leaks=0:thread_local_quarantine_size_kb=4 %run %t 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: env SLEUTH_OPTIONS=detect_leaks=0:thread_local_quarantine_size_kb=0:quarantine_size_mb=0:verbosity=1 %run %t 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: env SLEUTH_OPTIONS=thread_local_quarantine_size_kb=0 not %run %t 2>&1 | FileCheck %s --check-prefix=ZERO -DVAR=SLEUTH_OPTIONS
// RUN: env -u SLEUTH_OPTIONS ASAN_OPTIONS=thread_local_quarantine_size_kb=0 not %run %t 2>&1 | FileCheck %s --check-prefix=ZERO -DVAR=ASAN_OPTIONS
// RUN: env -u SLEUTH_OPTIONS ASAN_OPTIONS=detect_leaks=0:quarantine_size=2097152:verbosity=1 %run %t 2>&1 | FileCheck %s --check-prefix=BYTES
// RUN: env -u SLEUTH_OPTIONS ASAN_OPTIONS=quarantine_size=2097152:quarantine_size_mb=3 not %run %t 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: env -u SLEUTH_OPTIONS ASAN_OPTIONS=detect_leaks=0:quarantine_size=-1:quarantine_size_mb=3:verbosity=1 %run %t 2>&1 | FileCheck %s --check-prefix=DEFAULT-BYTES
#include <stdlib.h>
#include <sanitizer/asan_interface.h>

int main(void) {
  for (int i = 0; i < 16; i++)
    free(malloc(1000));
  __asan_print_accumulated_stats();
  return 0;
}
// BATCH: Sleuth: stats: 0 error report(s); 0 bytes in quarantine
// SMALL: Sleuth: stats: 0 error report(s); {{[1-9][0-9]+}} bytes in quarantine
// OFF: quarantine_size_mb=0M
// OFF-NEXT: thread_local_quarantine_size_kb=0K
// OFF: Sleuth: stats: 0 error report(s); 0 bytes in quarantine
// The messages are ASan's, then the string the settings came from.
// ZERO: ERROR: Sleuth: thread_local_quarantine_size_kb can be set to 0 only when quarantine_size_mb is set to 0 (in [[VAR]])
// ZERO-NOT: stats
// BYTES: redzone=16
// BYTES-NEXT: max_redzone=2048
// BYTES-NEXT: quarantine_size_mb=2M
// BYTES-NEXT: thread_local_quarantine_size_kb=1024K
// BYTES-NEXT: malloc_context_size=30
// BOTH: ERROR: Sleuth: please use either 'quarantine_size' (deprecated) or quarantine_size_mb, but not both (in ASAN_OPTIONS)
// BOTH-NOT: stats
// DEFAULT-BYTES: quarantine_size_mb=3M
// DEFAULT-BYTES: stats: 0 error report(s)
