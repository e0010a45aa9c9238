// vm.max_map_count runs out (the program splits one mapping into tens of
// thousands with alternating protections until the kernel refuses), then
// allocates blocks of every kind, in threads too. Whatever the runtime
// can no longer map is an out-of-memory report naming the mapping, with
// the caller's stack (or NULL with allocator_may_return_null=1); never a
// crash in the runtime (before: a SEGV in the large-block table). Whether
// a given malloc needs a new mapping depends on what the kernel can merge,
// so the run either finishes or reports.
// RUN: %sleuth_cc -O1 %s -o %t -lpthread
// RUN: %run %t > %t.out 2>&1; echo "rc=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=NEVER < %t.out
// RUN: grep -q "^finished" %t.out || FileCheck %s --check-prefix=OOM < %t.out
// RUN: env SLEUTH_OPTIONS=allocator_may_return_null=1 %run %t > %t.null 2>&1; echo "rc=$?" >> %t.null
// RUN: FileCheck %s --check-prefix=NEVER < %t.null
// RUN: FileCheck %s --check-prefix=NULL < %t.null
// NEVER: split into many mappings
// NEVER-NOT: SEGV
// NEVER-NOT: DEADLYSIGNAL
// NEVER: {{^rc=[01]$}}
// OOM: ERROR: Sleuth: out-of-memory: allocator is trying to allocate 0x{{[0-9a-f]+}} bytes (thread T{{[0-9]+}}): could not map {{.*}} (memory or vm.max_map_count exhausted)
// OOM-NEXT: {{#0 0x[0-9a-f]+ in (malloc|calloc)}}
// OOM-NEXT: {{#1 0x[0-9a-f]+ in (main|worker) .*}}map-count-exhausted.c
// OOM: SUMMARY: Sleuth: out-of-memory {{.*}}map-count-exhausted.c
// NULL: finished
// NULL-NOT: ERROR
// NULL: rc=0
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static void *keep[4][64];

static void *worker(void *arg) {
  void **k = arg;
  for (int i = 0; i < 64; i++) {
    k[i] = i % 2 ? malloc((size_t)1 << (10 + i % 12)) : calloc(1, 3 << 20);
    if (k[i])
      memset(k[i], 1, 16);
  }
  return 0;
}

int main(void) {
  char *base = mmap(0, 1ul << 32, PROT_NONE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  long split = 0;
  while (split < (1l << 19) &&
         mprotect(base + split * 8192, 4096, PROT_READ | PROT_WRITE) == 0)
    split++;
  fprintf(stderr, "split into %s mappings\n", split > 1000 ? "many" : "few");
  pthread_t t[3];
  int n = 0;
  for (int i = 1; i < 4; i++)
    if (pthread_create(&t[n], 0, worker, keep[i]) == 0)
      n++;
  worker(keep[0]);
  for (int i = 0; i < n; i++)
    pthread_join(t[i], 0);
  fprintf(stderr, "finished\n");
  return 0;
}
