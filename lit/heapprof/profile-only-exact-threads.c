// Profile-only mode (sleuth-run --profile: glibc's heap) counts each
// block's glibc chunk bytes at malloc and at free on the calling thread's
// record, so heap in use is exact whatever the threads do: four threads
// churn blocks (some freed by another thread than the one that allocated
// them, some large enough for glibc to mmap), keep a known set, and exit;
// the program then prints glibc's own count of the bytes in use
// (mallinfo2: arenas' in-use chunks plus mmapped ones, which Sleuth does
// not intercept) and exits with its blocks live. The timeline's last
// sample (written at exit) must match it within 0.5% (glibc counts its
// arenas' headers and the main thread's cached chunks as in use), with
// the fast path's variants: guard pages on (the default), off, and the
// in-use watch on. Each run's exit dump has samples (the countdown still
// runs). With every allocation guarded, guarded blocks count their
// requested bytes outside glibc's heap: only the samples are checked.
// RUN: %clang -O1 -g -pthread %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile_prefix=%t.d/a %sleuth_run --profile %t > %t.d/a.out
// RUN: %python %S/Inputs/check_exact_inuse.py %t.d/a %t.d/a.out | FileCheck %s
// RUN: env SLEUTH_OPTIONS=heap_profile_prefix=%t.d/b:guard_pages=0 %sleuth_run --profile %t > %t.d/b.out
// RUN: %python %S/Inputs/check_exact_inuse.py %t.d/b %t.d/b.out | FileCheck %s
// RUN: env SLEUTH_OPTIONS=heap_profile_prefix=%t.d/c:guard_pages=1 %sleuth_run --profile %t > %t.d/c.out
// RUN: %python %S/Inputs/check_exact_inuse.py %t.d/c %t.d/c.out | FileCheck %s --check-prefix=GUARDED
// RUN: env SLEUTH_OPTIONS=heap_profile_prefix=%t.d/d:heap_profile_inuse_interval=64m %sleuth_run --profile %t > %t.d/d.out
// RUN: %python %S/Inputs/check_exact_inuse.py %t.d/d %t.d/d.out | FileCheck %s
// CHECK: checker=0
// CHECK: within 0.5%: yes
// CHECK: sampled: yes
// GUARDED: checker=0
// GUARDED: sampled: yes
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define THREADS 4
#define KEEP 3000
#define CHURN 200000

static void *kept[THREADS][KEEP];
/* Blocks handed from one thread to the next, freed there. */
static void *handoff[THREADS][256];

static void *work(void *arg) {
  int me = (int)(intptr_t)arg;
  uint64_t s = 0x9e3779b97f4a7c15ull * (uint64_t)(me + 1);
  void *window[32] = {0};
  for (int i = 0; i < CHURN; i++) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    int k = (int)(s & 31);
    free(window[k]);
    size_t n = (s >> 8) % 1000 == 0 ? 200000 + (s >> 20) % 50000 /* mmapped */
                                    : 1 + (s >> 8) % 3000;
    window[k] = malloc(n);
    if (i < 256)
      handoff[me][i] = malloc(16 + i);
  }
  for (int k = 0; k < 32; k++)
    free(window[k]);
  for (int i = 0; i < KEEP; i++) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    kept[me][i] = malloc(i % 500 == 0 ? 300000 : 1 + (s >> 8) % 2000);
  }
  return 0;
}

static void *free_handoff(void *arg) {
  int from = (int)(intptr_t)arg;
  for (int i = 0; i < 256; i++)
    free(handoff[from][i]);
  return 0;
}

int main(void) {
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; i++)
    pthread_create(&t[i], 0, work, (void *)(intptr_t)i);
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], 0);
  for (int i = 0; i < THREADS; i++) /* each freed by another thread */
    pthread_create(&t[i], 0, free_handoff, (void *)(intptr_t)((i + 1) % THREADS));
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], 0);
  struct mallinfo2 mi = mallinfo2();
  printf("held %zu\n", mi.uordblks + mi.hblkhd);
  return 0; /* with the blocks live: the exit sample shows them */
}
