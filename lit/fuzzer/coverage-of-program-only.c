// The coverage libFuzzer gets is the program's, not Sleuth's checks': the
// coverage pass runs before Sleuth adds them, as clang runs it before
// ASan's, so a Sleuth build has as many edge counters as a plain
// -fsanitize=fuzzer build of the same code, and traces the program's
// comparisons only (no shadow-byte comparisons for libFuzzer's table).
// REQUIRES: libfuzzer
// RUN: %clang -O1 -fsanitize=fuzzer %s -o %t.plain
// RUN: %sleuth_cc -O1 -fsanitize=fuzzer %s -o %t.sleuth
// RUN: %t.plain -runs=0 > %t.out 2>&1
// RUN: %t.sleuth -runs=0 >> %t.out 2>&1
// RUN: FileCheck %s --input-file=%t.out
// RUN: %sleuth_cc -O1 -fsanitize=fuzzer -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct rec {
  int kind;
  char name[12];
  long values[4];
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < sizeof(struct rec))
    return 0;
  struct rec *r = malloc(sizeof *r);
  memcpy(r, data, sizeof *r);
  long sum = 0;
  for (int i = 0; i < 4; i++)
    if (r->values[i] > 10)
      sum += r->values[i];
  int bad = r->kind == 7 && sum > 1000;
  free(r);
  return bad ? -1 : 0; // -1: libFuzzer keeps the input out of the corpus
}
// CHECK: INFO: Loaded 1 modules ([[N:[0-9]+]] inline 8-bit counters)
// CHECK: INFO: Loaded 1 modules ([[N]] inline 8-bit counters)
// No comparison traced has a shadow byte (i8) operand: the program compares
// ints and longs only.
// IR-NOT: call void @__sanitizer_cov_trace_const_cmp1
// IR-NOT: call void @__sanitizer_cov_trace_cmp1
// IR: call void @__sanitizer_cov_trace_{{(const_)?}}cmp{{[48]}}
// IR-NOT: call void @__sanitizer_cov_trace_const_cmp1
