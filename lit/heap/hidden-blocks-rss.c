// Four threads free 200 MB of 8-64 KiB blocks, all of which stay in the
// default 256 MB quarantine. Blocks whose slot is whole pages are hidden
// (heap/README.md): every page of theirs and the shadow over them goes
// back to the kernel, so the process stays far below the 25 MB that the
// quarantine's shadow alone would keep (plus a page per block that
// returning all but the first page would keep). Clean: no report, and
// blocks reused after they leave the quarantine hold what is written and
// calloc's are zero.
// RUN: %sleuth_cc -O1 %s -o %t -lpthread && %run %t 2>&1 | FileCheck %s
// RUN: %clang -O1 -g %s -o %t.plain -lpthread && %sleuth_run %t.plain 2>&1 | FileCheck %s
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Inputs/rss.h"

static void *churn(void *arg) {
  unsigned seed = (unsigned)(size_t)arg * 2654435761u + 1;
  size_t freed = 0;
  long bad = 0;
  while (freed < (50u << 20)) {
    seed = seed * 1103515245u + 12345u;
    size_t n = (8 << 10) + (seed >> 8) % (56 << 10);
    unsigned char *p = (seed & 1) ? calloc(1, n) : malloc(n);
    if (seed & 1)
      for (size_t k = 0; k < n; k += 97)
        bad |= p[k];
    memset(p, (int)(seed >> 3), n);
    for (size_t k = 0; k < n; k += 101)
      bad |= p[k] != (unsigned char)(seed >> 3);
    free(p);
    freed += n;
  }
  return (void *)bad;
}

int main(void) {
  pthread_t t[4];
  for (long i = 0; i < 4; i++)
    pthread_create(&t[i], 0, churn, (void *)i);
  long bad = 0;
  for (int i = 0; i < 4; i++) {
    void *r;
    pthread_join(t[i], &r);
    bad |= (long)r;
  }
  long rss = rss_mb();
  printf("blocks intact: %s\n", bad ? "no" : "yes");
  printf("rss after 200 MB of frees: %s\n",
         rss > 0 && rss < 20 ? "below 20 MB" : "too high");
  if (rss >= 20)
    printf("rss: %ld MB\n", rss);
  return 0;
}
// CHECK-NOT: ERROR
// CHECK: blocks intact: yes
// CHECK-NEXT: rss after 200 MB of frees: below 20 MB
// CHECK-NOT: ERROR
