// fail_internal_mmap=N (testing) makes the N-th mapping the runtime makes
// for itself after start-up fail, and every later one, as when memory or
// vm.max_map_count runs out. Walking N over every mapping this program's
// run makes (thread records and caches, large blocks and their table,
// quarantine tables, stack depot, report buffers, the leak scan's tables)
// must give an out-of-memory report or NULL each time: never a crash in
// the runtime, a hang or a report cut short.
// RUN: %sleuth_cc -O1 %s -o %t -lpthread
// RUN: for n in $(seq 1 40); do env SLEUTH_OPTIONS=fail_internal_mmap=$n %run %t > %t.$n 2>&1; echo "N=$n rc=$?"; cat %t.$n; done > %t.all
// RUN: FileCheck %s --check-prefix=NEVER < %t.all
// RUN: FileCheck %s --check-prefix=REPORT < %t.all
// RUN: for n in $(seq 1 40); do env SLEUTH_OPTIONS=fail_internal_mmap=$n:allocator_may_return_null=1 %run %t > %t.$n 2>&1; echo "N=$n rc=$?"; cat %t.$n; done > %t.null
// RUN: FileCheck %s --check-prefix=NEVER < %t.null
// RUN: FileCheck %s --check-prefix=NULL < %t.null
// NEVER-NOT: {{rc=([2-9]|[1-9][0-9]+)}}
// NEVER-NOT: SEGV
// NEVER-NOT: DEADLYSIGNAL
// NEVER-NOT: nested bug
// REPORT: N=1 rc=1
// REPORT: ERROR: Sleuth: out-of-memory: allocator is trying to allocate 0x{{[0-9a-f]+}} bytes (thread T{{[0-9]+}}): could not map {{.*}} (memory or vm.max_map_count exhausted)
// REPORT-NEXT: {{#0 0x[0-9a-f]+ in (malloc|calloc|realloc)}}
// REPORT: SUMMARY: Sleuth: out-of-memory {{.*}}failed-mappings-walk.c
// NULL: N=1 rc=0
// NULL: done: {{[0-9]+}} NULL
// NULL: WARNING: Sleuth: leak scan skipped: could not map its tables
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int nulls;

static void *churn(void *arg) {
  (void)arg;
  void *ring[16] = {0};
  for (int i = 0; i < 600; i++) {
    size_t size = (size_t)16 << (i % 16); // 16 bytes .. 512 KiB
    void *p = i % 3 ? malloc(size) : calloc(1, size);
    if (p)
      memset(p, 1, 8);
    else
      __atomic_fetch_add(&nulls, 1, __ATOMIC_RELAXED);
    free(ring[i % 16]);
    ring[i % 16] = p;
  }
  for (int i = 0; i < 16; i++)
    free(ring[i]);
  return 0;
}

void *volatile kept;

int main(void) {
  pthread_t t[4];
  int n = 0;
  for (int i = 0; i < 4; i++)
    if (pthread_create(&t[n], 0, churn, 0) == 0)
      n++;
  churn(0);
  for (int i = 0; i < n; i++)
    pthread_join(t[i], 0);
  char *s = strdup("a string");
  void *r = 0;
  for (int i = 0; i < 12; i++) {
    void *q = realloc(r, (size_t)10 << (2 * i));
    if (q)
      r = q;
  }
  free(s);
  free(r);
  kept = malloc(77); // a leak, for the scan at exit
  kept = 0;
  printf("done: %d NULL\n", nulls > 0 ? nulls : 0);
  return 0;
}
