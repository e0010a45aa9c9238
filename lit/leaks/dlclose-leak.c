// A block leaked by a dlopen'ed library that was dlclose'd before exit
// still shows the library's function and line: the module map keeps the
// unloaded library, and the symbolizer reads it from disk.
// RUN: %sleuth_cc -O1 -fPIC -shared %S/Inputs/leaky_plugin.c -o %t.so
// RUN: %sleuth_cc -O0 %s -o %t -ldl
// RUN: env SLEUTH_OPTIONS=symbolize_cache=0 not %run %t %t.so 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t -ldl
// RUN: env SLEUTH_OPTIONS=symbolize_cache=0 not %run %t %t.so 2>&1 | FileCheck %s
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) static void scrub(void) {
  volatile char buf[8192];
  memset((char *)buf, 0, sizeof buf);
  __asm__ volatile("" : : "r"(buf) : "memory");
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  void *h = dlopen(argv[1], RTLD_NOW);
  if (!h) {
    printf("dlopen: %s\n", dlerror());
    return 3;
  }
  void (*leak)(void) = (void (*)(void))dlsym(h, "plugin_leak");
  leak();
  if (dlclose(h))
    return 4;
  scrub();
  return 0;
}
// CHECK: Direct leak of 72 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in plugin_leak .*}}leaky_plugin.c:7:
// CHECK-NEXT: {{#2 0x[0-9a-f]+ in main .*}}dlclose-leak.c:[[@LINE-9]]
// CHECK: SUMMARY: Sleuth: 72 byte(s) leaked in 1 allocation(s).
