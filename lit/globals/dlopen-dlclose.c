// dlopen an instrumented library, use its globals, dlclose it (its
// destructor unregisters them and clears their shadow), then reuse the
// address range with a bigger mapping: no stale poison, no report.
// RUN: %sleuth_cc -O1 -fPIC -shared %S/Inputs/lib.c -o %t.so
// RUN: %sleuth_cc -O1 %s -o %t -ldl
// RUN: %run %t %t.so 2>&1 | FileCheck %s
// CHECK-NOT: ERROR
// CHECK: sum 28
// CHECK: clean 0
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  void *h = dlopen(argv[1], RTLD_NOW);
  if (!h) {
    printf("dlopen: %s\n", dlerror());
    return 1;
  }
  int (*get)(int) = (int (*)(int))dlsym(h, "lib_get");
  int sum = 0;
  for (int i = 0; i < 7; i++)
    sum += get(i);
  printf("sum %d\n", sum);
  dlclose(h);
  // Map anonymous memory over whatever is free now, touch it all.
  size_t len = 8 << 20;
  char *p = mmap(0, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                 -1, 0);
  memset(p, 1, len);
  long bad = 0;
  for (size_t i = 0; i < len; i += 4096)
    bad += p[i] != 1;
  printf("clean %ld\n", bad);
  return 0;
}
