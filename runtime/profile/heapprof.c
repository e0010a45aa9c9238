/* The heap profiler's sampling and bookkeeping (see heapprof.h for the
 * model). Two tables, both under prof_lock and in internal memory (never a
 * leak-scan root, never in the user heap):
 *  - records: counts per (stack, thread), never removed, so a dump is a copy
 *    of this table;
 *  - live: every sampled block still allocated, keyed by address, with its
 *    allocation time (its lifetime class at free) and a counting filter in
 *    front so that the free of a block that was not sampled reads one
 *    counter and takes no lock. */
#include "heapprof.h"

#include "heapprof_internal.h"
#include "options.h"
#include "stackdepot.h"
#include "unwind.h"

int heapprof_on;
int heapprof_enabled;

static double mean_bytes;
static int sample_all;

static spin_t prof_lock;

/* ---- sampling ---------------------------------------------------------- */

static uint64_t mix64(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

static uint64_t next_random(sl_heapprof_thread *hp) {
  uint64_t x = hp->rng; /* xorshift64*: fast, and plenty for sampling */
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  hp->rng = x;
  return x * 0x2545f4914f6cdd1dull;
}

/* Natural logarithm of x in (0, 1]: split off the binary exponent, then
 * ln(m) = 2 atanh((m-1)/(m+1)) with m in [0.7, 1.42], whose series
 * converges to double precision in 15 terms. libm is not for runtime
 * paths, and this runs once per sample only. */
static double ln_unit(double x) {
  union {
    double d;
    uint64_t u;
  } v = {x};
  int e = (int)((v.u >> 52) & 0x7ff) - 1023;
  v.u = (v.u & 0x000fffffffffffffull) | 0x3ff0000000000000ull;
  double m = v.d;
  if (m > 1.4142135623730951) {
    m *= 0.5;
    e++;
  }
  double z = (m - 1) / (m + 1), z2 = z * z, term = z, sum = 0;
  for (int k = 1; k < 32; k += 2) {
    sum += term / k;
    term *= z2;
  }
  return 2 * sum + e * 0.6931471805599453;
}

/* ceil of an exponential variate with the configured mean. With an
 * integral countdown, "countdown - size <= 0" is exactly "X <= size". */
static int64_t draw_countdown(sl_heapprof_thread *hp) {
  double u = (double)((next_random(hp) >> 11) + 1) * 0x1p-53; /* (0,1] */
  double x = -mean_bytes * ln_unit(u);
  if (x > 9e18)
    x = 9e18;
  int64_t c = (int64_t)x;
  return (double)c < x ? c + 1 : c;
}

static void seed(sl_heapprof_thread *hp) {
  uint64_t s = sys_monotonic_ns() ^ ((uint64_t)sys_gettid() << 32) ^
               (uint64_t)(uptr)hp ^ __builtin_ia32_rdtsc();
  hp->rng = mix64(s) | 1;
}

bool heapprof_countdown_expired(sl_heapprof_thread *hp, size_t size) {
  (void)size;
  if (sample_all) {
    hp->countdown = 0;
    return true;
  }
  if (SL_UNLIKELY(!hp->rng)) {
    /* The thread's first allocation: its countdown starts now. */
    seed(hp);
    hp->countdown += draw_countdown(hp);
    if (hp->countdown > 0)
      return false;
  }
  hp->countdown = draw_countdown(hp);
  return true;
}

/* ---- records per (stack, thread) ---------------------------------------- */

static hp_record *recs;
static size_t recs_cap, recs_used; /* cap: a power of two, or 0 */

static size_t rec_hash(uint32_t stack, uint32_t tid) {
  return (size_t)mix64(((uint64_t)stack << 32) | tid);
}

static hp_record *rec_find(uint32_t stack, uint32_t tid) {
  if (!recs_cap)
    return 0;
  for (size_t i = rec_hash(stack, tid) & (recs_cap - 1);;
       i = (i + 1) & (recs_cap - 1)) {
    hp_record *r = &recs[i];
    if (!r->cum_objs)
      return 0;
    if (r->stack == stack && r->tid == tid)
      return r;
  }
}

/* With prof_lock held. NULL only if internal memory ran out. */
static hp_record *rec_get(uint32_t stack, uint32_t tid) {
  hp_record *r = rec_find(stack, tid);
  if (r)
    return r;
  if ((recs_used + 1) * 2 > recs_cap) {
    size_t cap = recs_cap ? recs_cap * 2 : 1024;
    hp_record *n = ialloc(cap * sizeof *n);
    if (!n)
      return 0;
    for (size_t i = 0; i < recs_cap; i++) {
      if (!recs[i].cum_objs)
        continue;
      size_t j = rec_hash(recs[i].stack, recs[i].tid) & (cap - 1);
      while (n[j].cum_objs)
        j = (j + 1) & (cap - 1);
      n[j] = recs[i];
    }
    ifree(recs);
    recs = n;
    recs_cap = cap;
  }
  size_t i = rec_hash(stack, tid) & (recs_cap - 1);
  while (recs[i].cum_objs)
    i = (i + 1) & (recs_cap - 1);
  recs_used++;
  r = &recs[i];
  r->stack = stack;
  r->tid = tid;
  return r;
}

static double inverse_p(size_t size);

static void add_sample_locked(uint32_t stack, uint32_t tid, size_t size,
                              double inv) {
  hp_record *r = rec_get(stack, tid);
  if (!r)
    return;
  double var = inv * (inv - 1); /* (1-p)/p^2 */
  heapprof_peak_touch_locked(r);
  r->live_objs++;
  r->live_bytes += size;
  r->live_inv += inv;
  r->live_var += var;
  r->cum_objs++;
  r->cum_bytes += size;
  r->cum_inv += inv;
  r->cum_var += var;
  heapprof_peak_add_locked(size, inv);
}

static void remove_sample_locked(uint32_t stack, uint32_t tid, size_t size,
                                 double inv) {
  hp_record *r = rec_find(stack, tid);
  if (!r || !r->live_objs)
    return;
  heapprof_peak_remove_locked(size, inv);
  heapprof_peak_touch_locked(r);
  r->live_objs--;
  r->live_bytes -= size;
  if (!r->live_objs) {
    /* Exactly nothing live: no rounding residue of the sums survives. */
    r->live_inv = r->live_var = 0;
    return;
  }
  r->live_inv -= inv;
  r->live_var -= inv * (inv - 1);
}

size_t heapprof_snapshot(hp_record **out, hp_extra *extra) {
  for (;;) {
    size_t want = __atomic_load_n(&recs_used, __ATOMIC_RELAXED) + 64;
    hp_record *buf = ialloc(want * sizeof *buf);
    if (!buf) {
      *out = 0;
      return 0;
    }
    spin_lock(&prof_lock);
    if (recs_used > want) {
      spin_unlock(&prof_lock);
      ifree(buf);
      continue;
    }
    size_t n = 0;
    for (size_t i = 0; i < recs_cap; i++)
      if (recs[i].cum_objs) {
        heapprof_peak_resolve_locked(&recs[i]);
        buf[n++] = recs[i];
      }
    if (extra)
      heapprof_peak_copy_locked(extra);
    spin_unlock(&prof_lock);
    *out = buf;
    return n;
  }
}

/* ---- sampled blocks by address ------------------------------------------
 * Every sampled block, whichever allocator: its allocation time decides
 * its lifetime class when it is freed, and its estimated bytes feed the
 * timeline's split of heap in use by age. The filter in front lets the
 * free of an unsampled block of an allocator without a header bit skip
 * the lock; the checker's allocator knows from its header bit. */

typedef struct {
  uptr addr; /* 0: empty */
  uint32_t stack, tid;
  uint64_t size;
  uint64_t t_ns; /* allocation time (sys_monotonic_ns) */
  uint64_t est;  /* bytes it stands for: size / P(sampled) */
  double inv;    /* allocations it stands for: 1 / P(sampled) */
} live_block;

#define FILTER_BITS 16
static uint32_t *filter; /* sampled live blocks per address hash */
static live_block *live;
static size_t live_cap, live_used;
static uint64_t temporary_ns;

uint64_t heapprof_temporary_ns(void) { return temporary_ns; }

static size_t addr_hash(uptr p) { return (size_t)mix64(p); }
static uint32_t *filter_slot(uptr p) {
  return &filter[addr_hash(p) >> (64 - FILTER_BITS)];
}

/* exp(-x) for x >= 0: x = k ln2 + r with r in [0, ln2), a Taylor series
 * for exp(-r) (25 terms reach double precision there), times 2^-k. */
static double exp_neg(double x) {
  if (x > 700)
    return 0;
  int k = (int)(x / 0.6931471805599453);
  double r = x - k * 0.6931471805599453, term = 1, sum = 1;
  for (int i = 1; i < 25; i++) {
    term *= -r / i;
    sum += term;
  }
  while (k-- > 0)
    sum *= 0.5;
  return sum;
}

/* 1/p for a block of size bytes, p = 1 - exp(-size/mean) the chance that
 * the countdown samples it: the number of allocations of that size one
 * sample stands for. Computed once per sample (and again at its free). */
static double inverse_p(size_t size) {
  if (sample_all || !size)
    return 1;
  double p = 1 - exp_neg((double)size / mean_bytes);
  return p > 0 ? 1 / p : 1;
}

static int live_grow_locked(void) {
  size_t cap = live_cap ? live_cap * 2 : 4096;
  live_block *n = ialloc(cap * sizeof *n);
  if (!n)
    return 0;
  for (size_t i = 0; i < live_cap; i++) {
    if (!live[i].addr)
      continue;
    size_t j = addr_hash(live[i].addr) & (cap - 1);
    while (n[j].addr)
      j = (j + 1) & (cap - 1);
    n[j] = live[i];
  }
  ifree(live);
  live = n;
  live_cap = cap;
  return 1;
}

/* With prof_lock held: the sample's counts, and p in the table (without
 * memory for the table the counts still go in, only the lifetime of this
 * block is lost: its free then finds nothing and returns 0). */
static void live_insert_locked(uptr p, uint32_t stack, uint32_t tid,
                               size_t size) {
  double inv = inverse_p(size);
  add_sample_locked(stack, tid, size, inv);
  if (!filter || ((live_used + 1) * 2 > live_cap && !live_grow_locked()))
    return;
  size_t i = addr_hash(p) & (live_cap - 1);
  while (live[i].addr && live[i].addr != p)
    i = (i + 1) & (live_cap - 1);
  if (live[i].addr) /* the allocator reused p without telling us: stale */
    remove_sample_locked(live[i].stack, live[i].tid, live[i].size,
                         live[i].inv);
  else
    live_used++, __atomic_add_fetch(filter_slot(p), 1, __ATOMIC_RELAXED);
  live[i] = (live_block){p, stack, tid, size, sys_monotonic_ns(),
                         (uint64_t)((double)size * inv), inv};
}

/* With prof_lock held: p's sample leaves the live counts and is counted
 * as temporary or long-lived. Returns 0 if p is not in the table. */
static int live_remove_locked(uptr p) {
  if (!live_cap)
    return 0;
  size_t i = addr_hash(p) & (live_cap - 1);
  while (live[i].addr && live[i].addr != p)
    i = (i + 1) & (live_cap - 1);
  if (!live[i].addr)
    return 0;
  live_block *b = &live[i];
  remove_sample_locked(b->stack, b->tid, b->size, b->inv);
  hp_record *r = rec_find(b->stack, b->tid);
  if (r) {
    if (sys_monotonic_ns() - b->t_ns < temporary_ns)
      r->temp_objs++, r->temp_bytes += b->size;
    else
      r->long_objs++, r->long_bytes += b->size;
  }
  __atomic_sub_fetch(filter_slot(p), 1, __ATOMIC_RELAXED);
  live_used--;
  /* Backward-shift deletion keeps probe chains whole without tombstones. */
  size_t hole = i;
  for (size_t j = (i + 1) & (live_cap - 1); live[j].addr;
       j = (j + 1) & (live_cap - 1)) {
    size_t home = addr_hash(live[j].addr) & (live_cap - 1);
    /* Move j into the hole unless its home lies cyclically in (hole, j]. */
    if (((j - home) & (live_cap - 1)) >= ((j - hole) & (live_cap - 1))) {
      live[hole] = live[j];
      hole = j;
    }
  }
  live[hole].addr = 0;
  return 1;
}

void heapprof_record_sample(void *p, uint32_t stack, uint32_t tid,
                            size_t size) {
  spin_lock(&prof_lock);
  live_insert_locked((uptr)p, stack, tid, size);
  spin_unlock(&prof_lock);
}

void heapprof_release_sample(void *p, uint32_t stack, uint32_t tid,
                             size_t size) {
  spin_lock(&prof_lock);
  if (!live_remove_locked((uptr)p)) /* the table had no room for it */
    remove_sample_locked(stack, tid, size, inverse_p(size));
  spin_unlock(&prof_lock);
}

void heapprof_record_alloc_stack(void *p, size_t size, uint32_t stack) {
  if (!p || !filter)
    return;
  uint32_t tid = thread_current()->tid;
  spin_lock(&prof_lock);
  live_insert_locked((uptr)p, stack, tid, size);
  spin_unlock(&prof_lock);
}

void heapprof_record_alloc(void *p, size_t size, uptr pc, uptr fp) {
  if (!p)
    return;
  heapprof_record_alloc_stack(p, size, stack_capture_id(pc, fp));
}

void heapprof_record_free(void *ptr) {
  uptr p = (uptr)ptr;
  /* The block was inserted before malloc returned it, so the thread that
   * frees it sees the count. */
  if (!p || !filter ||
      SL_LIKELY(!__atomic_load_n(filter_slot(p), __ATOMIC_RELAXED)))
    return;
  spin_lock(&prof_lock);
  live_remove_locked(p);
  spin_unlock(&prof_lock);
}

int heapprof_holds(const void *ptr) {
  uptr p = (uptr)ptr;
  if (!p || !filter || !__atomic_load_n(filter_slot(p), __ATOMIC_RELAXED))
    return 0;
  spin_lock(&prof_lock);
  int found = 0;
  if (live_cap) {
    size_t i = addr_hash(p) & (live_cap - 1);
    while (live[i].addr && live[i].addr != p)
      i = (i + 1) & (live_cap - 1);
    found = live[i].addr == p;
  }
  spin_unlock(&prof_lock);
  return found;
}

/* O(table size) under the lock, once per timeline sample: a program with
 * a million live samples holds sampled allocations up for about a
 * millisecond every heap_profile_timeline_ms. */
void heapprof_inuse_by_age(uint64_t *young, uint64_t *old) {
  uint64_t y = 0, o = 0;
  spin_lock(&prof_lock);
  uint64_t now = sys_monotonic_ns();
  for (size_t i = 0; i < live_cap; i++) {
    if (!live[i].addr)
      continue;
    if (now - live[i].t_ns < temporary_ns)
      y += live[i].est;
    else
      o += live[i].est;
  }
  spin_unlock(&prof_lock);
  *young = y;
  *old = o;
}

/* ---- control ------------------------------------------------------------ */

uint64_t heapprof_mean_bytes(void) { return (uint64_t)mean_bytes; }

void heapprof_init(void) {
  if (!sl_opt.heap_profile)
    return;
  mean_bytes =
      sl_opt.heap_profile_sample ? (double)sl_opt.heap_profile_sample : 1;
  sample_all = sl_opt.heap_profile_sample <= 1;
  temporary_ns = (uint64_t)sl_opt.heap_profile_temporary_ms * 1000000u;
  filter = sys_map_anon(sizeof(uint32_t) << FILTER_BITS);
  heapprof_output_init();
  heapprof_watch_init();
  __atomic_store_n(&heapprof_on, 1, __ATOMIC_RELEASE);
  __atomic_store_n(&heapprof_enabled, heapprof_heap_sampled(),
                   __ATOMIC_RELEASE);
}

int heapprof_set_active(int on) {
  if (!heapprof_on || !heapprof_heap_sampled())
    return 0;
  return __atomic_exchange_n(&heapprof_enabled, on ? 1 : 0, __ATOMIC_ACQ_REL);
}

void heapprof_lock_all(void) { spin_lock(&prof_lock); }
void heapprof_unlock_all(void) { spin_unlock(&prof_lock); }

void heapprof_after_fork_child(void) {
  if (!heapprof_on)
    return;
  /* Parent and child would otherwise draw the same countdowns. */
  sl_heapprof_thread *hp = &thread_current()->hp;
  if (hp->rng)
    hp->rng = mix64(hp->rng ^ (uint64_t)sys_getpid()) | 1;
  heapprof_output_after_fork_child();
  heapprof_watch_after_fork_child();
}
