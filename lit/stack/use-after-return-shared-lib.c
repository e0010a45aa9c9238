// Functions of an instrumented shared library read the executable's
// use-after-return switch too (the runtime exports it): a use after return
// of the library's frame is found, and the library's VLAs get redzones.
// RUN: %sleuth_cc -O1 -fPIC -shared -DLIB %s -o %t.so
// RUN: %sleuth_cc -O1 %s %t.so -o %t -Wl,-rpath,%T
// RUN: %run %t 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1 not %run %t 2>&1 | FileCheck %s
// OFF: value 4
#include <stdio.h>
#include <string.h>

int *lib_dangling(int n);
int lib_vla_sum(int n);

#ifdef LIB
int *lib_dangling(int n) {
  int local[10];
  for (int i = 0; i < 10; i++)
    local[i] = i;
  __asm__ volatile("" : : "r"(local) : "memory");
  return &local[n];
}

int lib_vla_sum(int n) {
  char v[n];
  memset(v, 1, (size_t)n);
  __asm__ volatile("" : : "r"(v) : "memory");
  return v[0] + v[n - 1];
}
#else
int main(int argc, char **argv) {
  (void)argv;
  int s = lib_vla_sum(argc + 10);
  int *p = lib_dangling(argc + 1);
  printf("value %d\n", *p + s);
  // CHECK: ERROR: Sleuth: stack-use-after-return on address
  // CHECK: {{#0 .* in main .*}}use-after-return-shared-lib.c:[[@LINE-2]]
  // CHECK: {{#0 .* in lib_dangling .*}}use-after-return-shared-lib.c:16
  // CHECK: 'local' (line 17) <== Memory access at offset 40 is inside this variable
  return 0;
}
#endif
