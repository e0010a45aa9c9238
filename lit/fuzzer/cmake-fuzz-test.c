// Sleuth's CMake package for fuzzing: sleuth_fuzz_target() builds a
// libFuzzer target (and coverage in the library it links) with a plain
// clang; sleuth_add_fuzz_test() turns the target's corpus (run once, and a
// bounded fuzz with RUNS) and its regression inputs into ctest tests,
// which fail on a Sleuth report. The same with CC=sleuth-cc and
// -fsanitize=fuzzer. pkg-config's fuzzer_cflags/fuzzer_libs build the
// same target by hand.
// REQUIRES: libfuzzer, pkg-config
// RUN: rm -rf %t && mkdir -p %t
// RUN: env CC=%sleuth_clang %cmake -S %S/Inputs/fuzz-project -B %t/package -DSLEUTH_WAY=package \
// RUN:     -DSleuth_DIR=%sleuth_build/lib/cmake/Sleuth -DREGRESSION=fixed > %t/package.log
// RUN: %cmake --build %t/package > %t/package-build.log
// RUN: ctest --test-dir %t/package 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: env CC=%sleuth_clang %cmake -S %S/Inputs/fuzz-project -B %t/crash -DSLEUTH_WAY=package \
// RUN:     -DSleuth_DIR=%sleuth_build/lib/cmake/Sleuth -DREGRESSION=crash > %t/crash.log
// RUN: %cmake --build %t/crash > %t/crash-build.log
// RUN: not ctest --test-dir %t/crash -R inputs --output-on-failure 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: env CC=%sleuth_cc %cmake -S %S/Inputs/fuzz-project -B %t/wrapper -DSLEUTH_WAY=wrapper \
// RUN:     -DSleuth_DIR=%sleuth_build/lib/cmake/Sleuth -DREGRESSION=crash > %t/wrapper.log
// RUN: %cmake --build %t/wrapper > %t/wrapper-build.log
// RUN: not ctest --test-dir %t/wrapper -R inputs --output-on-failure 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: env PKG_CONFIG_PATH=%sleuth_build/lib/pkgconfig sh -c '%sleuth_clang $(pkg-config --cflags sleuth) \
// RUN:     $(pkg-config --variable=fuzzer_cflags sleuth) %S/Inputs/fuzz-project/record.c %S/Inputs/fuzz-project/fuzz_record.c \
// RUN:     $(pkg-config --variable=fuzzer_libs sleuth) $(pkg-config --libs sleuth) -o %t/by-hand'
// RUN: not %t/by-hand %S/Inputs/fuzz-project/regressions/crash 2>&1 | FileCheck %s --check-prefix=FAIL
// PASS: fuzz_record-corpus {{.*}} Passed
// PASS: record-bounded-corpus {{.*}} Passed
// PASS: fuzz_record-inputs {{.*}} Passed
// PASS: 100% tests passed, 0 tests failed out of 3
// FAIL: ERROR: Sleuth: heap-buffer-overflow
// FAIL: WRITE of size 1 at
// FAIL-NEXT: #0 {{.*}} in parse_record {{.*}}fuzz-project/record.c:17
// FAIL: #1 {{.*}} in LLVMFuzzerTestOneInput {{.*}}fuzz-project/fuzz_record.c:7
