// OSS-Fuzz's way of building: the project's code with
// -fsanitize=fuzzer-no-link in CFLAGS (coverage, no engine), the fuzz
// target linked with -fsanitize=fuzzer ($LIB_FUZZING_ENGINE). The same
// objects also go into the project's ordinary programs, linked without
// libFuzzer: the coverage callbacks resolve to the runtime's no-ops, and
// the program runs and reports as any Sleuth build. -fno-sanitize=fuzzer
// after -fsanitize=fuzzer links no engine (the program's own main runs).
// The library is compiled with OSS-Fuzz's CFLAGS for an address build, less
// -fsanitize=address (-fsanitize-address-use-after-scope is accepted), and
// -Werror.
// REQUIRES: libfuzzer
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %sleuth_cc -O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link -Werror -c %s -o %t.lib.o
// RUN: %sleuth_cc -O1 -fsanitize=fuzzer-no-link -DTOOL -c %s -o %t.tool.o
// RUN: %sleuth_cc -O1 -DTARGET -c %s -o %t.target.o
// RUN: %sleuth_cc -fsanitize=fuzzer-no-link %t.lib.o %t.tool.o -o %t.tool
// RUN: %run %t.tool ok 2>&1 | FileCheck %s --check-prefix=TOOL --allow-empty
// RUN: not %run %t.tool bad 2>&1 | FileCheck %s --check-prefix=TOOLBUG
// RUN: %sleuth_cc -fsanitize=fuzzer %t.lib.o %t.target.o -o %t.fuzz
// RUN: not %run %t.fuzz -seed=1 -runs=2000000 -artifact_prefix=%t.dir/ 2>&1 | FileCheck %s --check-prefix=FUZZ
// RUN: %sleuth_cc -fsanitize=fuzzer -fno-sanitize=fuzzer %t.lib.o %t.tool.o -o %t.tool2
// RUN: %run %t.tool2 ok 2>&1 | FileCheck %s --check-prefix=TOOL --allow-empty
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if !defined(TOOL) && !defined(TARGET)
static char *volatile block;
/* The library: parses a record whose tag is compared with strcmp. */
int parse_record(const char *rec) {
  if (strcmp(rec, "bad") == 0) {
    block = malloc(3);
    block[3] = 'x';
    free(block);
    return -1;
  }
  return 0;
}
#elif defined(TOOL)
int parse_record(const char *rec);
int main(int argc, char **argv) { return argc > 1 ? -parse_record(argv[1]) : 0; }
#else
int parse_record(const char *rec);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char buf[16];
  if (size >= sizeof buf)
    return 0;
  memcpy(buf, data, size);
  buf[size] = 0;
  parse_record(buf);
  return 0;
}
#endif
// TOOL-NOT: Sleuth
// TOOLBUG: ERROR: Sleuth: heap-buffer-overflow
// TOOLBUG: WRITE of size 1 at
// TOOLBUG-NEXT: #0 {{.*}} in parse_record {{.*}}fuzzer-no-link.c:[[@LINE-24]]
// FUZZ: ERROR: Sleuth: heap-buffer-overflow
// FUZZ: #0 {{.*}} in parse_record {{.*}}fuzzer-no-link.c:[[@LINE-26]]
// FUZZ: #1 {{.*}} in LLVMFuzzerTestOneInput {{.*}}fuzzer-no-link.c:[[@LINE-10]]
// FUZZ: Test unit written to {{.*}}crash-
