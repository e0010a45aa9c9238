// Four threads allocating, reallocating and freeing blocks of up to 9000
// bytes at once with guard_pages=1 (every block that fits a slot guarded
// while one is free, the pool's lock and FIFO shared): no report, no
// crash, every block's bytes intact, in both heaps.
// RUN: %clang -O1 -g -pthread %s -o %t
// RUN: env SLEUTH_OPTIONS=guard_pages=1 %sleuth_run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=guard_pages=1 %sleuth_run --profile %t 2>&1 | FileCheck %s
// CHECK-NOT: Sleuth
// CHECK: threads: 0 bad blocks
// CHECK-NOT: Sleuth
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int bad;

static int intact(const unsigned char *p, size_t n, unsigned char v) {
  for (size_t i = 0; i < n; i++)
    if (p[i] != v)
      return 0;
  return 1;
}

static void *work(void *arg) {
  unsigned seed = (unsigned)(size_t)arg;
  unsigned char *keep[64] = {0};
  size_t size[64] = {0};
  for (int i = 0; i < 20000; i++) {
    int k = (int)(rand_r(&seed) % 64);
    if (keep[k] && !intact(keep[k], size[k], (unsigned char)k))
      __atomic_fetch_add(&bad, 1, __ATOMIC_RELAXED);
    size_t n = rand_r(&seed) % 9000;
    if (keep[k] && i % 3 == 0) {
      keep[k] = realloc(keep[k], n + 1); // keeps min(old, new) bytes
      if (!intact(keep[k], size[k] < n + 1 ? size[k] : n + 1, (unsigned char)k))
        __atomic_fetch_add(&bad, 1, __ATOMIC_RELAXED);
      n += 1;
    } else {
      free(keep[k]);
      keep[k] = (i & 1) ? malloc(n) : calloc(1, n);
      if (!(i & 1) && !intact(keep[k], n, 0))
        __atomic_fetch_add(&bad, 1, __ATOMIC_RELAXED);
    }
    memset(keep[k], k, n);
    size[k] = n;
  }
  for (int k = 0; k < 64; k++)
    free(keep[k]);
  return 0;
}

int main(void) {
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create(&t[i], 0, work, (void *)(size_t)(i + 1));
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], 0);
  fprintf(stderr, "threads: %d bad blocks\n", bad);
  return 0;
}
