// A shared library built with -fsanitize=fuzzer-no-link links under
// -Wl,--no-undefined (Meson's default): the runtime's stubs have the
// coverage callbacks and the stack-depth variable; at run time the fuzz
// target's (libFuzzer's) are used, and libFuzzer counts the library's
// edges as a second module.
// REQUIRES: libfuzzer
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %sleuth_cc -O1 -fPIC -shared -fsanitize=fuzzer-no-link -Wl,--no-undefined -DLIB %s -o %t.dir/libdeep.so
// RUN: %sleuth_cc -O1 -fsanitize=fuzzer %s -L%t.dir -ldeep -Wl,-rpath,%t.dir -o %t
// RUN: %run %t -runs=1000 2>&1 | FileCheck %s
#include <stddef.h>
#include <stdint.h>

#ifdef LIB
__attribute__((noinline)) static int peek(const char *b) { return b[1]; }
int deep(int x) {
  char b[64]; // a frame: the stack-depth tracing reads __sancov_lowest_stack
  b[x & 63] = 1;
  b[1] = 0;
  return x > 3 ? peek(b) : x;
}
#else
int deep(int x);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return size ? deep(data[0]) & 0 : 0;
}
#endif
// CHECK: INFO: Loaded 2 modules
// CHECK-NOT: ERROR
// CHECK: Done 1000 runs
