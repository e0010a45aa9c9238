// use_tls=1 (the default) makes dynamic TLS a root: the thread-local
// variables of a dlopen'ed module live in a block the loader mallocs,
// reachable only through the thread's DTV (for the main thread, memory
// the loader allocated before the program's malloc existed). A pointer
// kept there is found also with use_ld_allocations=0 (which stops counting
// the loader's own blocks as reachable). With use_tls=0 as well, the TLS
// block is a direct leak allocated by the loader and the block kept in it
// an indirect one, with its allocation stack.
// RUN: %sleuth_cc -O1 -fPIC -shared %S/Inputs/dynamic_tls_lib.c -o %t.so
// RUN: %sleuth_cc -O0 %s -o %t -ldl
// RUN: %run %t %t.so 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=use_ld_allocations=0:use_stacks=0:use_registers=0 %run %t %t.so 2>&1 | count 0
// RUN: env LSAN_OPTIONS=use_ld_allocations=0:use_stacks=0:use_registers=0:use_tls=0 not %run %t %t.so 2>&1 | FileCheck %s
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  void *lib = dlopen(argv[1], RTLD_NOW);
  if (!lib) {
    fprintf(stderr, "%s\n", dlerror());
    return 2;
  }
  void **(*store)(void *) = (void **(*)(void *))dlsym(lib, "store_in_tls");
  void *p = malloc(1337);
  void **slot = store(p);
  p = 0;
  slot = 0;
  return slot != 0;
}
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK: Direct leak of {{[0-9]+}} byte(s) in 1 object(s) allocated from:
// CHECK: Indirect leak of 1337 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}dynamic-tls-root.c:[[@LINE-10]]
