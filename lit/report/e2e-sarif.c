// End to end: real programs' log_format=json reports piped into
// sleuth-report --sarif (standard input); each result's location is the
// faulting source line (for the leak: the line that called malloc).
// RUN: %sleuth_cc -g %s -o %t
// RUN: rm -f %t.jsonl
// RUN: env SLEUTH_OPTIONS=log_format=json not %t overflow 2>> %t.jsonl
// RUN: env SLEUTH_OPTIONS=log_format=json not %t uaf 2>> %t.jsonl
// RUN: env SLEUTH_OPTIONS=log_format=json not %t leak 2>> %t.jsonl
// RUN: cat %t.jsonl | %sleuth_report --sarif > %t.sarif
// RUN: %python %report_inputs/check_sarif.py --some-kinds %t.sarif %t.jsonl %sleuth_src/runtime | FileCheck %s
// CHECK: result heap-buffer-overflow error file://{{.*}}e2e-sarif.c:[[@LINE+17]] |
// CHECK-NEXT: result heap-use-after-free error file://{{.*}}e2e-sarif.c:[[@LINE+21]] |
// CHECK-NEXT: result leak-direct error file://{{.*}}e2e-sarif.c:[[@LINE+22]] | Direct leak of 40 byte(s) in 1 object(s)
// CHECK-NEXT: SARIF OK
// --srcroot: the same locations relative to the source directory.
// RUN: cat %t.jsonl | %sleuth_report --sarif --srcroot %S | FileCheck %s --check-prefix=ROOT
// ROOT: "originalUriBaseIds": {"SRCROOT":
// ROOT: "locations":[{"physicalLocation":{"artifactLocation":{"uri":"e2e-sarif.c","uriBaseId":"SRCROOT"},"region":{"startLine":[[@LINE+10]],
// ROOT: "locations":[{"physicalLocation":{"artifactLocation":{"uri":"e2e-sarif.c","uriBaseId":"SRCROOT"},"region":{"startLine":[[@LINE+14]],
// ROOT: "locations":[{"physicalLocation":{"artifactLocation":{"uri":"e2e-sarif.c","uriBaseId":"SRCROOT"},"region":{"startLine":[[@LINE+15]],
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  (void)argc;
  if (strcmp(argv[1], "overflow") == 0) {
    int *a = malloc(8 * sizeof(int));
    a[argc + 6] = 1;
    free(a);
  } else if (strcmp(argv[1], "uaf") == 0) {
    int *a = malloc(8 * sizeof(int));
    free(a);
    return a[argc];
  } else {
    void *volatile p = malloc(40);
    p = 0;
  }
  return 0;
}
