// heap_profile_max_files=3 with thirty dumps (ten times as many): the API
// without a path, the signal, and the exit dump all count, and only the
// newest three <prefix>.<pid>.<seq>.heap files of the process are left.
// A dump given its own path is the caller's and stays; a file of the same
// pattern that the process did not write (another pid) stays; a forked
// child keeps its own newest three and leaves the parent's alone.
// RUN: %sleuth_cc -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && touch %t.d/p.1.0.heap
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_max_files=3:heap_profile_prefix=%t.d/p %run %t %t.d/p %t.d/mine.heap > %t.d/out
// RUN: ls %t.d >> %t.d/out && FileCheck %s < %t.d/out
// CHECK: pid [[PID:[0-9]+]]
// CHECK-NEXT: child [[CHILD:[0-9]+]] exited 0
// CHECK-NEXT: mine.heap
// CHECK-NEXT: out
// CHECK-NEXT: p.1.0.heap
// CHECK-NEXT: p.[[PID]].27.heap
// CHECK-NEXT: p.[[PID]].28.heap
// CHECK-NEXT: p.[[PID]].29.heap
// CHECK-NEXT: p.[[PID]].timeline
// CHECK-NEXT: p.[[CHILD]].2.heap
// CHECK-NEXT: p.[[CHILD]].3.heap
// CHECK-NEXT: p.[[CHILD]].4.heap
// CHECK-NEXT: p.[[CHILD]].timeline
// CHECK-NOT: heap
// The timeline still lists every dump, deleted or not, the exit dump last.
// RUN: grep -c '^dump ' %t.d/p.$(sed -n 's/^pid //p' %t.d/out).timeline | FileCheck %s --check-prefix=TLCOUNT
// TLCOUNT: 31
// RUN: tail -1 %t.d/p.$(sed -n 's/^pid //p' %t.d/out).timeline | FileCheck %s --check-prefix=LAST
// LAST: dump {{[0-9]+}} {{.*}}/p.{{[0-9]+}}.29.heap
//
// 0 keeps every file.
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_max_files=0:heap_profile_prefix=%t.d/p %run %t %t.d/p %t.d/mine.heap > %t.d/out
// RUN: ls %t.d | grep -c 'p\.[0-9]*\.[0-9]*\.heap' | FileCheck %s --check-prefix=ALL
// ALL: 35
//
// Timeline rotation: at 2 KiB the file moves to .timeline.1 and a new one
// starts with its own header; neither grows past the limit, and the two
// together end with the newest dumps in order.
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_timeline_ms=0:heap_profile_timeline_max_size=2k:heap_profile_max_files=3:heap_profile_prefix=%t.d/p %run %t %t.d/p %t.d/mine.heap > %t.d/out
// RUN: %python -c "import os,sys; [print(f, os.path.getsize(os.path.join(sys.argv[1], f)) <= 2048) for f in sorted(os.listdir(sys.argv[1])) if 'timeline' in f]" %t.d | FileCheck %s --check-prefix=ROT
// ROT: p.[[P:[0-9]+]].timeline True
// ROT-NEXT: p.[[P]].timeline.1 True
// ROT: p.[[C:[0-9]+]].timeline True
// RUN: P=$(sed -n 's/^pid //p' %t.d/out); head -1 %t.d/p.$P.timeline | FileCheck %s --check-prefix=HEAD
// HEAD: # sleuth-timeline 1 pid=
// RUN: P=$(sed -n 's/^pid //p' %t.d/out); cat %t.d/p.$P.timeline.1 %t.d/p.$P.timeline | FileCheck %s --check-prefix=CAT
// CAT: # sleuth-timeline 1 pid=[[PID:[0-9]+]]
// CAT: dump {{[0-9]+}} {{.*}}/p.[[PID]].28.heap
// CAT: dump {{[0-9]+}} {{.*}}/p.[[PID]].29.heap
// CAT-NOT: dump
#include <sleuth/sleuth.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char path[4096];

// Waits (however long it takes) until the timeline lists dump `seq`.
static void wait_for_dump(const char *prefix, int seq) {
  static char buf[1 << 16];
  char tl[4096];
  snprintf(tl, sizeof tl, "%s.%d.timeline", prefix, getpid());
  snprintf(path, sizeof path, "/p.%d.%d.heap\n", getpid(), seq);
  for (;;) {
    FILE *f = fopen(tl, "r");
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f)
      fclose(f);
    buf[n] = 0;
    if (strstr(buf, path))
      return;
    usleep(10000);
  }
}

int main(int argc, char **argv) {
  void *volatile keep = malloc(4096);
  printf("pid %d\n", getpid());
  fflush(stdout);
  for (int i = 0; i < 28; i++)
    if (sleuth_heap_profile_dump(NULL) != 0)
      return 2;
  sleuth_heap_profile_dump(argv[2]); // not counted, never deleted
  kill(getpid(), SIGUSR2);           // dump 28, by the service thread
  wait_for_dump(argv[1], 28);
  pid_t child = fork();
  if (child == 0) {
    for (int i = 0; i < 4; i++)
      sleuth_heap_profile_dump(NULL);
    exit(0); // and its exit dump: 5 dumps, the newest 3 kept
  }
  int status;
  waitpid(child, &status, 0);
  printf("child %d exited %d\n", (int)child, WEXITSTATUS(status));
  fflush(stdout);
  free(keep);
  return 0; // dump 29: the exit dump
}
