// In a fuzz target (a program that defines LLVMFuzzerTestOneInput, linked
// with libFuzzer or AFL++'s driver) the quarantine defaults to 30 MiB,
// which stays resident: fuzzing allocates and frees an input's buffers
// thousands of times a second, and a quarantine of 32 MiB or more gives
// 8 KiB+ blocks' pages back to the kernel each time. Any option source
// still sets it; a program that is not a fuzz target keeps 256 MiB.
// REQUIRES: libfuzzer
// RUN: %sleuth_cc -O1 -fsanitize=fuzzer %s -o %t
// RUN: env SLEUTH_OPTIONS=verbosity=1 %run %t -runs=1 2>&1 | FileCheck %s --check-prefix=FUZZ
// RUN: env SLEUTH_OPTIONS=verbosity=1:quarantine_size_mb=256 %run %t -runs=1 2>&1 | FileCheck %s --check-prefix=SET
// RUN: env ASAN_OPTIONS=verbosity=1:quarantine_size_mb=100 %run %t -runs=1 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: %sleuth_cc -O1 -DPLAIN %s -o %t.plain
// RUN: env SLEUTH_OPTIONS=verbosity=1 %run %t.plain 2>&1 | FileCheck %s --check-prefix=PLAIN
#include <stddef.h>
#include <stdint.h>

#ifdef PLAIN
int main(void) { return 0; }
#else
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  (void)data, (void)size;
  return 0;
}
#endif
// FUZZ: quarantine_size_mb=30M
// SET-NOT: WARNING
// SET: quarantine_size_mb=256M
// ASAN: quarantine_size_mb=100M
// PLAIN: quarantine_size_mb=256M
