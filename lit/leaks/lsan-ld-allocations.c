// use_ld_allocations=1 (the default) counts blocks the dynamic loader
// allocated as reachable. The thread vector (DTV) ld.so callocs for each
// new thread inside pthread_create is referenced after the join only from
// glibc's cache of thread stacks, which is not a root: like ASan, Sleuth
// ignores what pthread_create allocates, so it is no leak with
// use_ld_allocations=0 either. What the loader allocates elsewhere is: a
// dlopen'ed module's dynamic TLS block, with use_tls=0 (which stops its
// DTV from being a root), is then a direct leak from ld.so.
// RUN: %sleuth_cc -O1 -fPIC -shared %S/Inputs/dynamic_tls_lib.c -o %t.so
// RUN: %sleuth_cc -O0 %s -o %t -lpthread -ldl
// RUN: %run %t 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=use_ld_allocations=0 %run %t 2>&1 | count 0
// RUN: env LSAN_OPTIONS=use_ld_allocations=0 %run %t 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=use_tls=0 %run %t %t.so 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=use_ld_allocations=0:use_tls=0:leak_kinds_fail=none %run %t %t.so 2>&1 | FileCheck %s
// RUN: env LSAN_OPTIONS=use_ld_allocations=0:use_tls=0:exitcode=0 %run %t %t.so 2>&1 | FileCheck %s
#include <dlfcn.h>
#include <pthread.h>

static void *worker(void *arg) { return arg; }

int main(int argc, char **argv) {
  for (int i = 0; i < 8; i++) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
  }
  if (argc > 1) {
    void *lib = dlopen(argv[1], RTLD_NOW);
    void **(*store)(void *) = (void **(*)(void *))dlsym(lib, "store_in_tls");
    store(0);
  }
  return 0;
}
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK: Direct leak of {{[0-9]+}} byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK: {{#[1-9] 0x[0-9a-f]+ (in tls_get_addr_tail .*dl-tls.c|\(.*/ld-linux-x86-64\.so\.2\+0x[0-9a-f]+\))}}
// CHECK: SUMMARY: Sleuth: {{[0-9]+}} byte(s) leaked in 1 allocation(s).
// ld.so's frame is named tls_get_addr_tail only where glibc's debug
// symbols (libc6-dbg) are installed; without them it is ld.so's
// module+offset.
