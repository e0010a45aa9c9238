// End to end: a real instrumented program's dumps and timeline through
// sleuth-report (not hand-made fixtures). Every allocation is recorded
// (heap_profile_sample=1), so the numbers are exact: grow_site holds 3
// blocks at the first API dump and 10 at the second, the growth is 7*100.
// RUN: %sleuth_cc -O1 -g %s -o %t -lpthread
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_timeline_ms=10:heap_profile_prefix=%t.d/p:detect_leaks=0 %t
// Dumps 0 and 1 from the API, 2 at exit.
// RUN: %sleuth_report --top 1 --lines %t.d/p.*.2.heap | FileCheck %s --check-prefix=TOP
// TOP: Total: {{[0-9]+}} bytes
// TOP: {{^ +}}7000 {{.*}} worker {{.*}}e2e-instrumented-profile.c:[[@LINE+77]]
// RUN: %sleuth_report --lines --base %t.d/p.*.0.heap %t.d/p.*.1.heap | FileCheck %s --check-prefix=BASE
// BASE: Total: 700 bytes
// BASE-NEXT: Showing
// BASE-NEXT: flat
// BASE-NEXT: {{^ +}}700 100.00% 100.00% {{.*}} grow_site {{.*}}e2e-instrumented-profile.c:[[@LINE+56]]
// BASE-NOT: steady_site
// RUN: %sleuth_report --inuse-objects --stacks --base %t.d/p.*.0.heap %t.d/p.*.1.heap | FileCheck %s --check-prefix=OBJS
// OBJS: Total: 7 objects
// OBJS: 7 objects {{.*}} in 700 bytes
// OBJS-NEXT: #0 grow_site
// OBJS-NEXT: #1 main {{.*}}e2e-instrumented-profile.c:[[@LINE+77]]
// The timeline (found beside the dump) times the two dumps: a rate.
// RUN: %sleuth_report --by-module --limit 1G --base %t.d/p.*.0.heap %t.d/p.*.1.heap | FileCheck %s --check-prefix=MOD
// MOD: Growth by module (inuse_space) over {{0\.0[5-9][0-9]|0\.[1-9][0-9]*|[1-9][0-9.]*}} s (between the two dumps, from the timeline {{.*}}.timeline)
// MOD: bytes bytes/s share module
// MOD-NEXT: {{^ +}}700 {{[1-9][0-9]*\.[0-9]}} 100.00% {{.*}}e2e-instrumented-profile.c.tmp{{$}}
// MOD: Limit 1073741824 bytes: heap in use now {{[0-9]+}} bytes; at {{[1-9][0-9]*\.[0-9]}} bytes/s it is reached in
// RUN: %sleuth_report --flamegraph %t.svg %t.d/p.*.2.heap > /dev/null
// RUN: %python %report_inputs/check_svg.py flame %t.svg | FileCheck %s --check-prefix=FLAME
// FLAME-DAG: frame worker value=7000
// FLAME-DAG: frame steady_site value=5000
// FLAME-DAG: frame grow_site value=1000
// FLAME-DAG: frame main value=6000
// FLAME: well-formed svg
// RUN: %sleuth_report --timeline %t.tl.svg %t.d/p.*.timeline
// RUN: %python %report_inputs/check_svg.py timeline %t.tl.svg | FileCheck %s --check-prefix=TL
// TL: series heap in use
// TL: dump 0 {{.*}}.0.heap
// TL: dump 1 {{.*}}.1.heap
// TL: dump 2 {{.*}}.2.heap
// TL: well-formed svg
// RUN: %sleuth_report --threads %t.d/p.*.2.heap | FileCheck %s --check-prefix=THR
// THR: Thread T1: 7000 bytes
// THR: {{^ +}}7000 {{.*}} worker
// THR-NOT: steady_site
// THR: Thread T0: {{[0-9]+}} bytes
// THR-NOT: worker
// THR: steady_site
// The runtime's own service thread is not in the profile: before the
// program starts a thread, no thread's TLS (allocate_dtv) shows up.
// RUN: %sleuth_report --stacks %t.d/p.*.0.heap | FileCheck %s --check-prefix=OWN
// OWN: Total: 5300 bytes
// OWN-NOT: allocate_dtv
// churn_site's blocks were all freed: not in the in-use views (its stack
// stays in the dump for the cumulative counts), but in --alloc-space.
// RUN: %sleuth_report %t.d/p.*.2.heap | FileCheck %s --check-prefix=NOCHURN
// RUN: %sleuth_report --stacks %t.d/p.*.2.heap | FileCheck %s --check-prefix=NOCHURN
// NOCHURN-NOT: churn_site
// RUN: %sleuth_report --alloc-space %t.d/p.*.2.heap | FileCheck %s --check-prefix=CHURN
// CHURN: {{^ +}}6400 {{.*}} churn_site
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <sleuth/sleuth.h>

void *volatile keep[1000];
static int n;

__attribute__((noinline)) void grow_site(int k) {
  for (int i = 0; i < k; i++)
    keep[n++] = malloc(100);
}

__attribute__((noinline)) void steady_site(void) {
  keep[999] = malloc(5000);
}

__attribute__((noinline)) void churn_site(void) {
  for (int i = 0; i < 100; i++) {
    void *volatile p = malloc(64);
    free(p);
  }
}

static void *worker(void *a) {
  (void)a;
  keep[998] = malloc(7000);
  return 0;
}

int main(void) {
  steady_site();
  churn_site();
  grow_site(3);
  sleuth_heap_profile_dump(0);
  struct timespec ts = {0, 50 * 1000 * 1000};
  nanosleep(&ts, 0); // so that the two dumps are apart in the timeline
  grow_site(7);
  sleuth_heap_profile_dump(0);
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  return 0;
}
