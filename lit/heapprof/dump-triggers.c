// Heap profiles are written at exit, on sleuth_heap_profile_dump (to the
// next <prefix>.<pid>.<seq>.heap, or to a given path), on SIGUSR2 (the
// handler only wakes the service thread, which writes the file) and every
// heap_profile_interval_s; forked children write their own files, with
// their pid and a sequence from 0. The timeline lists every dump.
// RUN: %sleuth_cc -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_prefix=%t.d/p %run %t api %t.d/p %t.d/explicit.heap > %t.d/out
// RUN: ls %t.d >> %t.d/out && FileCheck %s --check-prefix=API < %t.d/out
// API: pid [[PID:[0-9]+]]
// API-NEXT: dump(NULL) 0
// API-NEXT: dump(path) 0
// API-NEXT: explicit.heap
// API-NEXT: out
// API-NEXT: p.[[PID]].0.heap
// API-NEXT: p.[[PID]].1.heap
// API-NEXT: p.[[PID]].timeline
// RUN: head -1 %t.d/explicit.heap | FileCheck %s --check-prefix=HEAD
// HEAD: heap_v2/524288
// RUN: FileCheck %s --check-prefix=TL < %t.d/p.*.timeline
// TL: # sleuth-timeline 1 pid={{[0-9]+}} sample=524288
// TL: dump {{[0-9]+}} {{.*}}/p.{{[0-9]+}}.0.heap
// TL: dump {{[0-9]+}} {{.*}}/explicit.heap
// TL: dump {{[0-9]+}} {{.*}}/p.{{[0-9]+}}.1.heap
//
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_prefix=%t.d/p %run %t signal %t.d/p > %t.d/out
// RUN: ls %t.d >> %t.d/out && FileCheck %s --check-prefix=SIG < %t.d/out
// SIG: pid [[PID:[0-9]+]]
// SIG-NEXT: dumped on the signal
// SIG-NEXT: out
// SIG-NEXT: p.[[PID]].0.heap
// SIG-NEXT: p.[[PID]].1.heap
// SIG-NEXT: p.[[PID]].timeline
//
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_prefix=%t.d/p:heap_profile_interval_s=1 %run %t interval %t.d/p > %t.d/out
// RUN: ls %t.d >> %t.d/out && FileCheck %s --check-prefix=INT < %t.d/out
// INT: pid [[PID:[0-9]+]]
// INT-NEXT: two interval dumps
// INT-NEXT: out
// INT-NEXT: p.[[PID]].0.heap
// INT-NEXT: p.[[PID]].1.heap
// INT-NEXT: p.[[PID]].2.heap
// INT-NEXT: p.[[PID]].timeline
//
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_prefix=%t.d/p %run %t fork %t.d/p > %t.d/out
// RUN: ls %t.d >> %t.d/out && FileCheck %s --check-prefix=FORK < %t.d/out
// FORK: pid [[PARENT:[0-9]+]]
// FORK-NEXT: child [[CHILD:[0-9]+]] exited 0
// FORK-NEXT: out
// FORK-DAG: p.[[PARENT]].0.heap
// FORK-DAG: p.[[PARENT]].timeline
// FORK-DAG: p.[[CHILD]].0.heap
// FORK-DAG: p.[[CHILD]].1.heap
// FORK-DAG: p.[[CHILD]].timeline
// The child's timeline is its own and lists its own dumps.
// RUN: FileCheck %s --check-prefix=CHILDTL < %t.d/p.$(sed -n 's/^child \([0-9]*\).*/\1/p' %t.d/out).timeline
// CHILDTL: # sleuth-timeline 1 pid=[[CPID:[0-9]+]] sample=524288
// CHILDTL: dump {{[0-9]+}} {{.*}}/p.[[CPID]].0.heap
// CHILDTL: dump {{[0-9]+}} {{.*}}/p.[[CPID]].1.heap
#include <sleuth/sleuth.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char path[4096];

// Waits (however long it takes) for <prefix>.<pid>.<seq>.heap.
static void wait_for_dump(const char *prefix, int pid, int seq) {
  snprintf(path, sizeof path, "%s.%d.%d.heap", prefix, pid, seq);
  while (access(path, F_OK) != 0)
    usleep(10000);
}

int main(int argc, char **argv) {
  void *volatile keep = malloc(1 << 20);
  printf("pid %d\n", getpid());
  fflush(stdout);
  if (!strcmp(argv[1], "api")) {
    printf("dump(NULL) %d\n", sleuth_heap_profile_dump(NULL));
    printf("dump(path) %d\n", sleuth_heap_profile_dump(argv[3]));
  } else if (!strcmp(argv[1], "signal")) {
    kill(getpid(), SIGUSR2);
    wait_for_dump(argv[2], getpid(), 0);
    puts("dumped on the signal");
  } else if (!strcmp(argv[1], "interval")) {
    wait_for_dump(argv[2], getpid(), 1);
    puts("two interval dumps");
  } else if (!strcmp(argv[1], "fork")) {
    pid_t child = fork();
    if (child == 0) {
      void *volatile more = malloc(1 << 20);
      (void)more;
      exit(sleuth_heap_profile_dump(NULL) == 0 ? 0 : 3);
    }
    int status;
    waitpid(child, &status, 0);
    printf("child %d exited %d\n", (int)child, WEXITSTATUS(status));
  }
  free(keep);
  return 0;
}
