// C++ opt-outs: a member function, a function template (the attribute
// carries to each instantiation) and a global marked
// no_sanitize("address") (no redzone after it) are not checked; checked
// code inlined into an opted-out function is not checked there either
// (nor the reverse), because the two are never merged.
// RUN: %sleuth_cxx -O0 %s -o %t0 && %run %t0 | FileCheck %s --check-prefix=SILENT
// RUN: %sleuth_cxx -O2 %s -o %t2 && %run %t2 | FileCheck %s --check-prefix=SILENT
// SILENT: done
// SILENT-NOT: Sleuth
// RUN: not %run %t0 helper 2>&1 | FileCheck %s
// RUN: not %run %t2 helper 2>&1 | FileCheck %s
#include <cstdio>
#include <cstring>

struct Scanner {
  __attribute__((no_sanitize("address"))) int peek(const int *p) const {
    return p[4];
  }
};

template <class T>
__attribute__((no_sanitize_address)) T read_past(const T *p) {
  return p[4];
}

// Two neighbours with no redzone between them: reading past the first
// lands in the second.
__attribute__((no_sanitize("address"))) int first[4] = {1, 2, 3, 4};
int second[4] = {5, 6, 7, 8};

static inline int checked_helper(const int *p) { return p[4]; }
__attribute__((no_sanitize("address"))) int uses_helper(const int *p) {
  return checked_helper(p);
}

int main(int argc, char **) {
  int *h = new int[4]();
  long sum = Scanner().peek(h) + read_past(h) + read_past<int>(h);
  volatile int *f = first;
  sum += f[4];
  if (argc > 1) {
    // CHECK: ERROR: Sleuth: heap-buffer-overflow on address
    // CHECK-NEXT: READ of size 4 at
    // CHECK-NEXT: {{#0 0x[0-9a-f]+ in checked_helper.*}}no-sanitize-cxx.cpp:[[@LINE-13]]
    // CHECK-NEXT: {{#1 0x[0-9a-f]+ in uses_helper.*}}no-sanitize-cxx.cpp:[[@LINE-12]]
    // CHECK-NEXT: {{#2 0x[0-9a-f]+ in main .*}}no-sanitize-cxx.cpp:[[@LINE+1]]
    sum += uses_helper(h);
  }
  std::printf("%s\n", sum == 12345 ? "?" : "done");
  delete[] h;
  return 0;
}
