// docs/ci/fuzz.sh, the fuzzing job of the CI templates: fuzzes each target
// (bounded by -runs here, by -max_total_time in CI), keeps the corpus,
// saves the crash input, turns it into a JSON report and a SARIF log, and
// fails the job; a target without the bug passes. Bad arguments: one line,
// status 2.
// REQUIRES: libfuzzer
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sleuth_cc -O1 -fsanitize=fuzzer %S/Inputs/fuzz-project/record.c %S/Inputs/fuzz-project/fuzz_record.c -o %t/fuzz_record
// RUN: %sleuth_cc -O1 -fsanitize=fuzzer -DFIXED %S/Inputs/fuzz-project/record.c %S/Inputs/fuzz-project/fuzz_record.c -o %t/fixed_record
// RUN: mkdir -p %t/fuzz_record_seed_corpus && cp %S/Inputs/fuzz-project/corpus/* %t/fuzz_record_seed_corpus/
// RUN: env SLEUTH_REPORT=%sleuth_build/bin/sleuth-report not sh %S/../../docs/ci/fuzz.sh %t/out -runs=500000 %t/fuzz_record > %t/log 2>&1
// RUN: FileCheck %s --input-file=%t/log
// RUN: ls %t/out/crashes | FileCheck %s --check-prefix=SAVED
// RUN: FileCheck %s --check-prefix=SARIF --input-file=%t/out/fuzz.sarif
// RUN: env SLEUTH_REPORT=%sleuth_build/bin/sleuth-report sh %S/../../docs/ci/fuzz.sh %t/fixed -runs=2000 %t/fixed_record 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: not sh %S/../../docs/ci/fuzz.sh %t/bad -time=3 %t/fuzz_record 2>&1 | FileCheck %s --check-prefix=BAD
// CHECK: fuzz.sh: fuzzing fuzz_record (-runs=500000)
// CHECK: ERROR: Sleuth: heap-buffer-overflow
// CHECK: #0 {{.*}} in parse_record {{.*}}record.c:17
// CHECK: DEDUP_TOKEN: parse_record--LLVMFuzzerTestOneInput--
// CHECK: fuzz.sh: fuzz_record: fuzz_record-crash-
// CHECK: fuzz.sh: crash inputs in
// SAVED: fuzz_record-crash-
// SARIF: {"ruleId":"heap-buffer-overflow",{{.*}}"uri":"file://{{.*}}fuzz-project/record.c"},"region":{"startLine":17,
// CLEAN: fuzz.sh: fuzzing fixed_record (-runs=2000)
// CLEAN: Done 2000 runs
// CLEAN: fuzz.sh: no crash
// BAD: fuzz.sh: BOUND must be -max_total_time=SECONDS or -runs=N, not '-time=3'
