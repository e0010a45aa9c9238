/* The stack depot: one id per distinct stack, stable across threads, hints
 * and signal handlers; ids read back as the frames they were made from. */
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "check.h"
#include "stackdepot.h"
#include "threads.h"

/* The runtime's thread records live in threads.c, which this test does not
 * link: it provides the one TLS pointer the depot reads. Even threads get
 * a record (the depot's remembered paths), odd ones none (every stack
 * walked from the root). */
__thread sl_thread *sl_cur_thread;

#define THREADS 4
#define STACKS 20000

static uint32_t ids[THREADS][STACKS];
static sl_thread records[THREADS + 1];

static void make_stack(uptr *pcs, int i) {
  for (int k = 0; k < 8; k++)
    pcs[k] = 0x400000 + (uptr)i * 16 + (uptr)k;
}

/* A stack of a recursive builder: pcs[0] an allocator entry point, then
 * one return address per level of the path `bits` (left or right call
 * site, like binary_trees' build), then main. Cut to the innermost `max`
 * frames, as malloc_context_size does. */
static int tree_stack(uptr *pcs, unsigned entry, uint32_t bits, int depth,
                      int max) {
  uptr full[40];
  int n = 0;
  full[n++] = 0x7000 + entry * 0x10;
  full[n++] = 0x5000; /* the allocation's call site in build */
  for (int d = depth - 1; d >= 0; d--)
    full[n++] = (bits >> d) & 1 ? 0x5100 : 0x5200;
  full[n++] = 0x6000; /* main */
  full[n++] = 0x6100; /* libc's start */
  if (n > max)
    n = max;
  memcpy(pcs, full, (size_t)n * sizeof(uptr));
  return n;
}

static int same_frames(const uptr *a, int na, const uptr *b, int nb) {
  return na == nb && !memcmp(a, b, (size_t)na * sizeof(uptr));
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
    ids[t][which] = depot_put_hinted(pcs, 8, (uptr)(which % 5) << 12);
  }
  if (sl_cur_thread) {
    CHECK(sl_cur_thread->depot_cache != 0);
    depot_thread_exit(sl_cur_thread);
    CHECK(sl_cur_thread->depot_cache == 0);
  }
  return 0;
}

/* Every thread walks the same deep, cut-off tree stacks, each in its own
 * order, so threads race to add the same frames. */
#define TREE_DEPTH 12
#define TREE_STACKS (1u << TREE_DEPTH)
static uint32_t tree_ids[THREADS][TREE_STACKS];

static void *tree_inserter(void *arg) {
  int t = (int)(intptr_t)arg;
  if (t % 2 == 0) {
    records[t + 1].live = 1;
    sl_cur_thread = &records[t + 1];
  } else {
    sl_cur_thread = 0;
  }
  uptr pcs[DEPOT_MAX_FRAMES];
  for (uint32_t i = 0; i < TREE_STACKS; i++) {
    uint32_t b = t & 1 ? TREE_STACKS - 1 - i : i; /* forward or backward */
    int n = tree_stack(pcs, 1, b, TREE_DEPTH, 10);
    tree_ids[t][b] = depot_put_hinted(pcs, n, 0x1000);
  }
  if (sl_cur_thread)
    depot_thread_exit(sl_cur_thread);
  return 0;
}

/* A signal handler that interrupts a depot_put and makes one of its own. */
static volatile sig_atomic_t in_handler_ok = 1, handled;
static uint32_t handler_id;

static void on_alarm(int sig) {
  (void)sig;
  uptr pcs[5] = {0x9100, 0x9200, 0x9300, 0x9400, 0x9500};
  uint32_t id = depot_put_hinted(pcs, 5, 0x2000); /* the loop's path */
  uptr got[8];
  if (!id || (handler_id && id != handler_id) ||
      !same_frames(got, depot_get(id, got, 8), pcs, 5))
    in_handler_ok = 0;
  handler_id = id;
  handled++;
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
  CHECK(depot_get(0x7ffffff0u, got, DEPOT_MAX_FRAMES) == 0);
  /* Stacks that share outer frames keep their own identity. */
  uptr c[3] = {999, 2000, 3000};
  uint32_t ic = depot_put(c, 3);
  CHECK(ic != ia && depot_put(a, 3) == ia && depot_put(c, 3) == ic);
  CHECK(depot_get(ic, got, DEPOT_MAX_FRAMES) == 3 && got[0] == 999);
  /* One frame: the entry point alone (malloc_context_size=1). */
  uptr one[1] = {1000};
  uint32_t i1 = depot_put(one, 1);
  CHECK(i1 && i1 != ia && depot_put(one, 1) == i1);
  CHECK(depot_get(i1, got, DEPOT_MAX_FRAMES) == 1 && got[0] == 1000);
  /* The hint only changes which remembered path is compared first. */
  CHECK(depot_put_hinted(a, 3, 0x7ffd1000) == ia);
  CHECK(depot_put_hinted(b, 3, 0x7ffd2000) == ib);
  CHECK(depot_put_hinted(a, 3, 0x7ffd2000) == ia);

  /* Tree stacks: every path of a depth-10 tree, cut to 8 frames, in the
   * order a recursive builder allocates them, then again in another
   * order and with other hints: equal stacks get equal ids, different
   * ones different ids, and every id reads back as its frames. */
  enum { D = 10, N = 1 << D, MAXF = 8 };
  static uint32_t first[N][2];
  static uptr frames[N][2][MAXF];
  static int nframes[N][2];
  for (int pass = 0; pass < 2; pass++)
    for (uint32_t k = 0; k < N; k++) {
      uint32_t bits = pass ? (k * 389u) % N : k; /* 389 is odd: a permutation */
      for (unsigned e = 0; e < 2; e++) {
        uptr pcs[MAXF];
        int n = tree_stack(pcs, e, bits, D, MAXF);
        uint32_t id = depot_put_hinted(pcs, n, pass ? bits << 4 : 0x2000);
        CHECK(id != 0);
        if (!pass) {
          first[bits][e] = id;
          memcpy(frames[bits][e], pcs, sizeof pcs);
          nframes[bits][e] = n;
        } else {
          CHECK(id == first[bits][e]);
        }
        CHECK(same_frames(got, depot_get(id, got, DEPOT_MAX_FRAMES), pcs, n));
      }
    }
  /* Cut to 8 frames, paths that differ only in their outer levels are the
   * same stack; all others differ. */
  int dedup_bad = 0;
  for (uint32_t x = 0; x < N; x++)
    for (uint32_t y = x; y < N; y += 7)
      for (unsigned e = 0; e < 2; e++)
        for (unsigned f = 0; f < 2; f++) {
          int same = same_frames(frames[x][e], nframes[x][e], frames[y][f],
                                 nframes[y][f]);
          dedup_bad += same != (first[x][e] == first[y][f]);
        }
  CHECK(dedup_bad == 0);

  /* Many different first frames: past the ones the depot names without a
   * node, stacks are still stored, deduplicated and read back. */
  for (int round = 0; round < 2; round++)
    for (int i = 0; i < 200; i++) {
      uptr pcs[3] = {0x100000 + (uptr)i * 8, 0x5000, 0x6000};
      uint32_t id = depot_put(pcs, 3);
      static uint32_t seen[200];
      if (!round)
        seen[i] = id;
      CHECK(id && id == seen[i]);
      CHECK(same_frames(got, depot_get(id, got, DEPOT_MAX_FRAMES), pcs, 3));
    }

  /* Signals: a handler's depot_put while the thread is inside one. */
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm;
  sigaction(SIGALRM, &sa, 0);
  struct itimerval it = {{0, 50}, {0, 50}};
  setitimer(ITIMER_REAL, &it, 0);
  int sig_bad = 0;
  for (int i = 0; i < 200000 || !handled; i++) {
    uptr pcs[MAXF];
    uint32_t bits = (uint32_t)i % N;
    int n = tree_stack(pcs, 0, bits, D, MAXF);
    sig_bad += depot_put_hinted(pcs, n, 0x2000) != first[bits][0];
  }
  struct itimerval off = {{0, 0}, {0, 0}};
  setitimer(ITIMER_REAL, &off, 0);
  CHECK(sig_bad == 0);
  CHECK(in_handler_ok);

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
    bad_roundtrip += !same_frames(got, n, pcs, 8);
  }
  CHECK(mismatches == 0);
  CHECK(bad_roundtrip == 0);

  /* Threads racing to add the same new frames. */
  for (int t = 0; t < THREADS; t++)
    pthread_create(&th[t], 0, tree_inserter, (void *)(intptr_t)t);
  for (int t = 0; t < THREADS; t++)
    pthread_join(th[t], 0);
  mismatches = bad_roundtrip = 0;
  for (uint32_t i = 0; i < TREE_STACKS; i++) {
    for (int t = 1; t < THREADS; t++)
      mismatches += tree_ids[t][i] != tree_ids[0][i];
    uptr pcs[DEPOT_MAX_FRAMES];
    int n = tree_stack(pcs, 1, i, TREE_DEPTH, 10);
    bad_roundtrip +=
        !same_frames(got, depot_get(tree_ids[0][i], got, DEPOT_MAX_FRAMES),
                     pcs, n);
  }
  CHECK(mismatches == 0);
  CHECK(bad_roundtrip == 0);

  depot_stats_t st;
  depot_stats(&st);
  CHECK(st.nodes > 0 && st.bytes > 0);
  CHECK_DONE("stackdepot_test");
}
