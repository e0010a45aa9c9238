// use_ld_allocations=1 (the default) counts blocks the dynamic loader
// allocated as reachable: the thread vector ld.so callocs for each new
// thread is referenced after the join only from glibc's cache of thread
// stacks, which is not a root. With use_ld_allocations=0 it is a direct
// leak allocated from ld.so's allocate_dtv.
// RUN: %sleuth_cc -O0 %s -o %t -lpthread && %run %t 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=use_ld_allocations=0:leak_kinds_fail=none %run %t 2>&1 | FileCheck %s
// RUN: env LSAN_OPTIONS=use_ld_allocations=0:exitcode=0 %run %t 2>&1 | FileCheck %s
#include <pthread.h>

static void *worker(void *arg) { return arg; }

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  return 0;
}
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK: Direct leak of {{[0-9]+}} byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in calloc}}
// CHECK: {{#[1-9] 0x[0-9a-f]+ (in allocate_dtv .*dl-tls.c|\(.*/ld-linux-x86-64\.so\.2\+0x[0-9a-f]+\))}}
// CHECK: SUMMARY: Sleuth: {{[0-9]+}} byte(s) leaked in 1 allocation(s).
// ld.so's frame is named allocate_dtv only where glibc's debug symbols
// (libc6-dbg) are installed; without them it is ld.so's module+offset.
