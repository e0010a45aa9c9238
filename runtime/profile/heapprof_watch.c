/* The in-use watch: heap_profile_inuse_interval (a dump each time the heap
 * in use grows by that much since the last dump), heap_profile_peak (a dump
 * at each new peak, rate-limited) and heap_profile_alert_mb (a log line, a
 * dump and a command at N, 2N, 3N ... megabytes).
 *
 * Two halves:
 *  - the allocation paths (heapprof_watch_delta in heapprof.h) move their
 *    thread's pending bytes into `inuse` in batches; heapprof_watch_flush
 *    compares the new total with three armed thresholds. The first thread
 *    to see one crossed disarms it (compare-exchange to INT64_MAX, so
 *    nobody else wakes the service thread for it), records the level and
 *    wakes the service thread. It takes no lock, allocates nothing and
 *    writes nothing, so it is safe wherever an allocation can happen;
 *  - the service thread (heapprof_watch_service) writes the dumps, the
 *    alert line and starts the command, then re-arms the thresholds.
 *
 * In use is the same figure as the timeline's (requested bytes with the
 * checking allocator, glibc chunk bytes in profile-only mode, another
 * allocator's usable sizes when the program brings one), within one
 * batch per thread: the batch is 64 KiB, or a sixteenth of the smallest
 * threshold when that is smaller.
 *
 * fork: the child's heap is a copy of the parent's, so it keeps the in-use
 * figure, but its dump history starts empty: every threshold is re-armed
 * above the level it was born with (a pre-forking server's workers do not
 * all alert at once for the parent's level), and its alert commands are
 * its own. */
#include "heapprof.h"

#include "heapprof_internal.h"
#include "options.h"
#include "service.h"

#define WATCH_GROWTH 1
#define WATCH_PEAK 2
#define WATCH_ALERT 4
#define DISARMED INT64_MAX
#define PEAK_MIN_STEP (1ll << 20)
#define MB (1ll << 20)

#define BATCH_MAX (64 << 10)

int64_t heapprof_watch_batch; /* 0 until heapprof_watch_init turns it on */
static int watch_on;

static int64_t inuse; /* the process's heap in use, bytes */
static int64_t arm_growth = DISARMED, arm_peak = DISARMED,
               arm_alert = DISARMED;
static int requests;         /* WATCH_* bits the service thread is to serve */
static int64_t alert_inuse; /* in use when arm_alert was crossed */

/* Service-thread state. */
static int peak_waiting; /* a peak crossed during the rate-limit pause */
static int64_t peak_dumped;
static uint64_t last_peak_ns;

static int64_t peak_threshold(int64_t last) {
  int64_t step = last / 32;
  return last + (step > PEAK_MIN_STEP ? step : PEAK_MIN_STEP);
}

static int64_t next_alert_above(int64_t level) {
  int64_t n = (int64_t)sl_opt.heap_profile_alert_mb * MB;
  return (level < 0 ? 0 : level / n + 1) * n;
}

static void rearm_growth(int64_t now) {
  if (sl_opt.heap_profile_inuse_interval)
    __atomic_store_n(&arm_growth,
                     now + (int64_t)sl_opt.heap_profile_inuse_interval,
                     __ATOMIC_RELEASE);
}

int64_t heapprof_watch_inuse(void) {
  return __atomic_load_n(&inuse, __ATOMIC_RELAXED);
}

/* Called by heapprof_dump after every dump it wrote, with the heap in use
 * when it copied the counts: the growth trigger counts from the last dump
 * of any kind (from what that dump shows, not from when it was done). */
void heapprof_watch_note_dump(int64_t at_snapshot) {
  if (watch_on)
    rearm_growth(at_snapshot);
}

static void cross(int64_t *arm, int64_t now, int bit) {
  int64_t a = __atomic_load_n(arm, __ATOMIC_RELAXED);
  if (now < a ||
      !__atomic_compare_exchange_n(arm, &a, DISARMED, 0, __ATOMIC_ACQ_REL,
                                   __ATOMIC_RELAXED))
    return;
  if (bit == WATCH_ALERT)
    __atomic_store_n(&alert_inuse, now, __ATOMIC_RELEASE);
  __atomic_fetch_or(&requests, bit, __ATOMIC_ACQ_REL);
  service_wake();
}

/* The highest in use a flush saw, and when: the exact high-water mark
 * (within a batch per thread) for sleuth-report --peak, kept only where
 * the watch already adds up the process's figure. */
static int64_t inuse_max;
static uint64_t inuse_max_ms;

int64_t heapprof_watch_inuse_max(uint64_t *at_ms) {
  *at_ms = __atomic_load_n(&inuse_max_ms, __ATOMIC_RELAXED);
  return watch_on ? __atomic_load_n(&inuse_max, __ATOMIC_RELAXED) : -1;
}

void heapprof_watch_flush(sl_heapprof_thread *hp) {
  int64_t d = hp->watch_pending;
  hp->watch_pending = 0;
  int64_t now = __atomic_add_fetch(&inuse, d, __ATOMIC_RELAXED);
  if (d <= 0)
    return;
  int64_t max = __atomic_load_n(&inuse_max, __ATOMIC_RELAXED);
  while (now > max && !__atomic_compare_exchange_n(&inuse_max, &max, now, 1,
                                                   __ATOMIC_RELAXED,
                                                   __ATOMIC_RELAXED))
    ;
  if (now > max)
    __atomic_store_n(&inuse_max_ms, heapprof_uptime_ms(), __ATOMIC_RELAXED);
  cross(&arm_alert, now, WATCH_ALERT);
  cross(&arm_growth, now, WATCH_GROWTH);
  cross(&arm_peak, now, WATCH_PEAK);
}

void heapprof_thread_exit(sl_heapprof_thread *hp) {
  if (__atomic_load_n(&heapprof_watch_batch, __ATOMIC_RELAXED) &&
      hp->watch_pending)
    heapprof_watch_flush(hp);
}

static void arm_all(int64_t now) {
  rearm_growth(now);
  if (sl_opt.heap_profile_peak) {
    peak_dumped = now > 0 ? now : 0;
    __atomic_store_n(&arm_peak, peak_threshold(peak_dumped),
                     __ATOMIC_RELEASE);
  }
  if (sl_opt.heap_profile_alert_mb)
    __atomic_store_n(&arm_alert, next_alert_above(now), __ATOMIC_RELEASE);
}

void heapprof_watch_init(void) {
  int64_t smallest = DISARMED;
  if (sl_opt.heap_profile_inuse_interval)
    smallest = (int64_t)sl_opt.heap_profile_inuse_interval;
  if (sl_opt.heap_profile_peak && PEAK_MIN_STEP < smallest)
    smallest = PEAK_MIN_STEP;
  if (sl_opt.heap_profile_alert_mb &&
      (int64_t)sl_opt.heap_profile_alert_mb * MB < smallest)
    smallest = (int64_t)sl_opt.heap_profile_alert_mb * MB;
  if (smallest == DISARMED)
    return;
  /* Not the program's heap (heapprof_heap_source.c): a trigger would fire
   * from a figure that means nothing; the warning said so. */
  if (!heapprof_heap_measured())
    return;
  int64_t batch = smallest / 16 < BATCH_MAX ? smallest / 16 : BATCH_MAX;
  arm_all(0);
  watch_on = 1;
  __atomic_store_n(&heapprof_watch_batch, batch > 0 ? batch : 1,
                   __ATOMIC_RELEASE);
}

void heapprof_watch_after_fork_child(void) {
  if (!watch_on)
    return;
  requests = 0;
  peak_waiting = 0;
  last_peak_ns = 0;
  heapprof_alert_after_fork_child();
  /* The child's own high-water mark starts at the heap it was born with. */
  inuse_max = __atomic_load_n(&inuse, __ATOMIC_RELAXED);
  inuse_max_ms = heapprof_uptime_ms();
  arm_all(__atomic_load_n(&inuse, __ATOMIC_RELAXED));
}

/* An alert: the log line names the dump written for it. */
static int serve_alert(void) {
  int64_t at = __atomic_load_n(&alert_inuse, __ATOMIC_ACQUIRE);
  int64_t n = (int64_t)sl_opt.heap_profile_alert_mb * MB;
  int64_t level = at / n * n;
  /* Re-armed before the dump: the program may pass the next level while
   * the dump and the alert line are written (a program that waits for the
   * dump and then allocates does), and that crossing must not be lost. */
  __atomic_store_n(&arm_alert, level + n, __ATOMIC_RELEASE);
  char name[4096];
  int ok = heapprof_dump_named(0, HP_WHY_ALERT, name, sizeof name) == 0;
  heapprof_alert(at, level, ok ? name : 0);
  return ok;
}

uint64_t heapprof_watch_service(uint64_t now_ns) {
  if (!watch_on)
    return ~0ull;
  heapprof_alert_reap();
  int bits = __atomic_exchange_n(&requests, 0, __ATOMIC_ACQ_REL);
  int dumped = 0;
  if (bits & WATCH_ALERT)
    dumped = serve_alert();
  if ((bits & WATCH_GROWTH) && !dumped)
    dumped = heapprof_dump_why(0, HP_WHY_GROWTH) == 0;
  if ((bits & WATCH_GROWTH) && !dumped) /* failed: try again later */
    rearm_growth(__atomic_load_n(&inuse, __ATOMIC_RELAXED));
  if (bits & WATCH_PEAK)
    peak_waiting = 1;
  if (!peak_waiting)
    return heapprof_alert_children() ? now_ns + 100000000u : ~0ull;
  uint64_t gap = (uint64_t)sl_opt.heap_profile_peak_ms * 1000000u;
  if (last_peak_ns && now_ns < last_peak_ns + gap)
    return last_peak_ns + gap;
  peak_waiting = 0;
  int64_t cur = __atomic_load_n(&inuse, __ATOMIC_RELAXED);
  int64_t want = peak_threshold(peak_dumped);
  if (cur >= want && (dumped || heapprof_dump_why(0, HP_WHY_PEAK) == 0)) {
    peak_dumped = cur;
    last_peak_ns = now_ns;
    want = peak_threshold(cur);
  }
  /* Still above: the next allocation that flushes crosses it again. */
  __atomic_store_n(&arm_peak, want, __ATOMIC_RELEASE);
  return heapprof_alert_children() ? now_ns + 100000000u : ~0ull;
}
