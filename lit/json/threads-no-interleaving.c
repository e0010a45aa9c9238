// Several threads report at once with halt_on_error=0 into one log_path
// file: each report is one line written with one write, so every line is
// a whole JSON object (the lines are longer than a pipe's atomic size, 40
// frames deep), and each of the 40 error sites is reported exactly once.
// RUN: %sleuth_cc -O0 -g %s -o %t -lpthread
// RUN: rm -f %t.log.*
// RUN: env SLEUTH_OPTIONS=log_format=json:halt_on_error=0:log_path=%t.log not %run %t
// RUN: %python %S/Inputs/check_json.py %t.log.* > %t.out
// RUN: grep -c '^kind: heap-buffer-overflow$' %t.out | FileCheck %s --check-prefix=COUNT
// RUN: grep -c '^kind:' %t.out | FileCheck %s --check-prefix=COUNT
// RUN: FileCheck %s < %t.out
// RUN: awk 'length > 4096 { long++ } END { print long }' %t.log.* | FileCheck %s --check-prefix=COUNT
// The checker would notice interleaving: the first 100 bytes of one report
// followed by another whole report is rejected.
// RUN: (head -c 100 %t.log.*; tail -n 1 %t.log.*) > %t.spliced
// RUN: not %python %S/Inputs/check_json.py %t.spliced | FileCheck %s --check-prefix=SPLICED
#include <pthread.h>
#include <stdlib.h>

#define THREADS 8
#define DEPTH 40

static pthread_barrier_t start;

__attribute__((noinline)) static void sites(char *p) {
  volatile int n = 16;
  p[n] = 1; p[n] = 2; p[n] = 3; p[n] = 4; p[n] = 5; p[n] = 6; p[n] = 7; p[n] = 8;
  p[n] = 1; p[n] = 2; p[n] = 3; p[n] = 4; p[n] = 5; p[n] = 6; p[n] = 7; p[n] = 8;
  p[n] = 1; p[n] = 2; p[n] = 3; p[n] = 4; p[n] = 5; p[n] = 6; p[n] = 7; p[n] = 8;
  p[n] = 1; p[n] = 2; p[n] = 3; p[n] = 4; p[n] = 5; p[n] = 6; p[n] = 7; p[n] = 8;
  p[n] = 1; p[n] = 2; p[n] = 3; p[n] = 4; p[n] = 5; p[n] = 6; p[n] = 7; p[n] = 8;
}

__attribute__((noinline)) static void deep(char *p, int depth) {
  if (depth)
    deep(p, depth - 1);
  else
    sites(p);
  __asm__ volatile("" : : "r"(p) : "memory");
}

static void *worker(void *arg) {
  (void)arg;
  char *p = malloc(16);
  pthread_barrier_wait(&start);
  deep(p, DEPTH);
  free(p);
  return 0;
}

int main(void) {
  pthread_t t[THREADS];
  pthread_barrier_init(&start, 0, THREADS);
  for (int i = 0; i < THREADS; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], 0);
  return 0;
}
// COUNT: {{^}}40{{$}}
// SPLICED: check_json: line 1: {{.+}}: {"sleuth":1,"pid":
// CHECK: kind: heap-buffer-overflow
// CHECK-NEXT: access: WRITE 1
// CHECK-NEXT: thread: T{{[1-8]}}
// CHECK-NEXT: stack #0 sites {{.*}}threads-no-interleaving.c:27:
// CHECK: stack #41 deep
// CHECK-NEXT: stack #42 worker
// CHECK: alloc_stack #1 worker
// CHECK: thread: T{{[1-8]}}
// CHECK-NEXT: created_by: T0
// CHECK-NEXT: stack #0 pthread_create
// CHECK-NEXT: stack #1 main {{.*}}threads-no-interleaving.c:55:
