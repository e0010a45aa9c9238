// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=use_ld_allocations=0:use_globals=0:use_stacks=0:use_registers=0 %run %t 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// RUN: env SLEUTH_OPTIONS=use_ld_allocations=0:use_globals=0:use_stacks=0:use_registers=0 not %run %t leak 2>&1 | FileCheck %s
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int leak_in_thread;

static void *thread_func(void *arg) {
  (void)arg;
  if (leak_in_thread) {
    void *volatile p = malloc(1337); // dropped: a real leak
    (void)p;
  }
  return 0;
}

int main(int argc, char **argv) {
  leak_in_thread = argc > 1 && !strcmp(argv[1], "leak");
  pthread_t th;
  pthread_create(&th, 0, thread_func, 0);
  pthread_join(th, 0);
  return 0;
}
// CLEAN-NOT: leak
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK: Direct leak of 1337 byte(s) in 1 object(s) allocated from:
// CHECK: {{#1 0x[0-9a-f]+ in thread_func .*}}thread-dtv-not-leak.c:14
// CHECK-NOT: allocate_dtv
// CHECK: SUMMARY: Sleuth: 1337 byte(s) leaked in 1 allocation(s).

// glibc allocates a new thread's DTV inside pthread_create and keeps it,
// with the thread's stack, in its stack cache after the thread is joined,
// where no root the scan reads points at it. Blocks allocated inside
// pthread_create are never leaks (as in ASan), also with the loader's
// allocations and the globals not treated as roots. What the new thread
// itself allocates is still checked: its leak is reported.
