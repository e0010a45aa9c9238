/* The stack depot: one id per distinct stack, stable across threads. */
#include <pthread.h>
#include <stdint.h>

#include "check.h"
#include "stackdepot.h"
#include "threads.h"

/* The runtime's thread records live in threads.c, which this test does not
 * link: it provides the one TLS pointer the depot reads. Even threads get
 * a record (the depot's per-thread cache path), odd ones none (the shared
 * index only). */
__thread sl_thread *sl_cur_thread;

#define THREADS 4
#define STACKS 20000

static uint32_t ids[THREADS][STACKS];
static sl_thread records[THREADS + 1];

static void make_stack(uptr *pcs, int i) {
  for (int k = 0; k < 8; k++)
    pcs[k] = 0x400000 + (uptr)i * 16 + (uptr)k;
}

static void *inserter(void *arg) {
  int t = (int)(intptr_t)arg;
  if (t % 2 == 0) {
    records[t + 1].live = 1;
    sl_cur_thread = &records[t + 1];
  }
  uptr pcs[8];
  for (int i = 0; i < STACKS; i++) {
    int which = (i * 7 + t * 13) % STACKS;
    make_stack(pcs, which);
    ids[t][which] = depot_put(pcs, 8);
  }
  if (sl_cur_thread) {
    CHECK(sl_cur_thread->depot_cache != 0);
    depot_thread_exit(sl_cur_thread);
    CHECK(sl_cur_thread->depot_cache == 0);
  }
  return 0;
}

int main(void) {
  records[0].live = 1;
  sl_cur_thread = &records[0];
  uptr a[3] = {1000, 2000, 3000}, b[3] = {1000, 2000, 3001};
  uint32_t ia = depot_put(a, 3), ib = depot_put(b, 3);
  CHECK(ia != 0 && ib != 0 && ia != ib);
  CHECK(depot_put(a, 3) == ia);
  CHECK(depot_put(a, 2) != ia); /* a prefix is a different stack */
  CHECK(depot_put(a, 0) == 0);
  uptr got[DEPOT_MAX_FRAMES];
  CHECK(depot_get(ia, got, DEPOT_MAX_FRAMES) == 3 && got[0] == 1000 &&
        got[2] == 3000);
  CHECK(depot_get(ia, got, 2) == 2);
  CHECK(depot_get(0, got, DEPOT_MAX_FRAMES) == 0);
  CHECK(depot_get(0xfffffff0u, got, DEPOT_MAX_FRAMES) == 0);
  /* Stacks that share outer frames keep their own identity. */
  uptr c[3] = {999, 2000, 3000};
  uint32_t ic = depot_put(c, 3);
  CHECK(ic != ia && depot_put(a, 3) == ia && depot_put(c, 3) == ic);
  CHECK(depot_get(ic, got, DEPOT_MAX_FRAMES) == 3 && got[0] == 999);

  pthread_t th[THREADS];
  for (int t = 0; t < THREADS; t++)
    pthread_create(&th[t], 0, inserter, (void *)(intptr_t)t);
  for (int t = 0; t < THREADS; t++)
    pthread_join(th[t], 0);
  /* Every thread saw the same id for the same stack, and ids round-trip. */
  int mismatches = 0, bad_roundtrip = 0;
  for (int i = 0; i < STACKS; i++) {
    for (int t = 1; t < THREADS; t++)
      mismatches += ids[t][i] != ids[0][i];
    uptr pcs[8];
    make_stack(pcs, i);
    int n = depot_get(ids[0][i], got, DEPOT_MAX_FRAMES);
    bad_roundtrip += n != 8 || got[0] != pcs[0] || got[7] != pcs[7];
  }
  CHECK(mismatches == 0);
  CHECK(bad_roundtrip == 0);
  CHECK_DONE("stackdepot_test");
}
