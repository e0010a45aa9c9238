// A library loaded with dlopen (built without Sleuth, no frame pointers)
// leaks a block: the leak is found and its stack names the library's
// source lines and the program's call.
// RUN: %clang -O2 -g -fomit-frame-pointer -fPIC -shared %S/Inputs/plugin.c -o %t.so
// RUN: %clang -O2 -g -fomit-frame-pointer %s -o %t -ldl
// RUN: not %sleuth_run %t %t.so 2>&1 | FileCheck %s
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  void *h = dlopen(argv[1], RTLD_NOW);
  if (!h) {
    printf("dlopen: %s\n", dlerror());
    return 3;
  }
  char *(*leak)(void) = (char *(*)(void))dlsym(h, "plugin_leak");
  char *volatile p = leak();
  p = 0;
  return 0;
}
// CHECK: Direct leak of 48 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in plugin_make {{.*}}plugin.c:5
// CHECK-NEXT: #2 {{.*}} in plugin_leak {{.*}}plugin.c:11
// CHECK-NEXT: #3 {{.*}} in main {{.*}}dlopen-library.c:19
