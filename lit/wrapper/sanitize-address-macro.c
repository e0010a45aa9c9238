// sleuth-cc defines __SANITIZE_ADDRESS__, so code that reads past the end
// of a buffer on purpose (word-at-a-time scanning) unless an address
// sanitizer is on takes its safe path and nothing is reported.
// --no-sanitize-address-macro leaves it undefined: the deliberate
// over-read is then reported.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O0 --no-sanitize-address-macro %s -o %t.off
// RUN: not %run %t.off 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -E -dM -x c++ %s | FileCheck --check-prefix=CXX %s
// CXX-DAG: #define __SANITIZE_ADDRESS__ 1
// CXX-DAG: #define _GLIBCXX_SANITIZE_VECTOR 1
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// Counts the bytes before the first zero, 8 at a time where allowed.
static size_t length(const char *s) {
#ifndef __SANITIZE_ADDRESS__
  const uint64_t *w = (const uint64_t *)s; // s is 8-byte aligned
  for (size_t n = 0;; n += 8, w++) {
    uint64_t v = *w;
    // CHECK: ERROR: Sleuth: heap-buffer-overflow
    // CHECK-NEXT: READ of size 8
    // CHECK-NEXT: {{#0 0x[0-9a-f]+ in length .*}}sanitize-address-macro.c:[[@LINE-3]]
    // CHECK: allocated by thread T0 here:
    // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
    // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}sanitize-address-macro.c:[[@LINE+14]]
    for (int i = 0; i < 8; i++)
      if (!((v >> (8 * i)) & 0xff))
        return n + i;
  }
#else
  size_t n = 0;
  while (s[n])
    n++;
  return n;
#endif
}

int main(void) {
  char *s = malloc(5);
  memcpy(s, "abcd", 5);
  size_t n = length(s);
  free(s);
  return n != 4;
}
