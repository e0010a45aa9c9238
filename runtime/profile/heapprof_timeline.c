/* The timeline file <heap_profile_prefix>.<pid>.timeline (one record per
 * line, decimal numbers; the `sleuth-report --timeline` input):
 *
 *   # sleuth-timeline 1 pid=<pid> sample=<mean sample bytes> [heap=<what>]
 *   sample <t_ms> <heap_inuse_bytes> <rss_anon_bytes> <rss_file_bytes>
 *          <alloc_count> <allocs_per_s> <quarantine_bytes> <shadow_bytes>
 *          <depot_bytes> <young_bytes> <old_bytes>
 *   dump <t_ms> why=<reason> <path of the .heap file written then>
 *
 * The header's checker=0 marks profile-only mode (no quarantine, shadow
 * or depot to chart). A dump line's reason is api (sleuth_heap_profile_
 * dump), exit, interval, signal, growth (heap_profile_inuse_interval),
 * peak or alert; one line per dump, naming the .pb.gz file only when no
 * .heap was written (heap_profile_format=pprof). Timelines written before
 * had neither (and, with both formats, one line per file).
 *
 * t_ms counts from the runtime's start (from the fork in a child). Heap in
 * use and the allocation count are the sums of every thread's counters
 * (requested bytes; heap= in the header says when they are something
 * else: "usable:<allocator>" its malloc_usable_size, "unmeasured:<allocator>"
 * not counted, see heapprof_heap_source.c); RSS comes from /proc/thread-self/status. Quarantine,
 * shadow and depot are Sleuth's own overhead inside that RSS (process/stats.h:
 * quarantined blocks, the heap's shadow, the stack depot; 0 in profile-only
 * mode), so a reader can tell the program's growth from Sleuth's. Files
 * written before they existed end after <allocs_per_s>: readers take 6
 * numbers or more, ignoring columns they do not know.
 * <young_bytes> and <old_bytes> (added with the lifetime classes) split
 * heap in use by age, estimated from the sampled live blocks as jeprof
 * scales them: young = allocated less than heap_profile_temporary_ms ago
 * (what will be temporary if freed soon), old = the rest (long-lived or
 * never freed). They sum to about heap_inuse_bytes within the sampling
 * error; with heap_profile_sample=1 they are exact (requested bytes).
 * Each line is one write(2) to an O_APPEND file, so lines never interleave; the file is
 * opened for each line, so a program that closes every descriptor (as
 * daemons do) can never have its own files written to. With
 * heap_profile_timeline_max_size the file rotates to <...>.timeline.1. */
#include "heapprof.h"

#include <fcntl.h>

#include "heapprof_internal.h"
#include "options.h"
#include "report.h"
#include "service.h"
#include "stats.h"

static char timeline_path[4096];
static int timeline_ok;
static uint64_t start_ns;
static spin_t rate_lock;
static uint64_t last_ns, last_allocs;
static uint64_t timeline_bytes; /* size of the current file */

uint64_t heapprof_uptime_ms(void) {
  return (sys_monotonic_ns() - start_ns) / 1000000u;
}

/* Creates the file (truncating) with its header line. */
static int timeline_create(void) {
  int fd = sys_open(timeline_path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND,
                    0644);
  if (fd < 0)
    return fd;
  char line[256];
  const char *heap = heapprof_heap_source();
  size_t n = sl_snprintf(
      line, sizeof line,
      "# sleuth-timeline 1 pid=%d sample=%llu checker=%d%s%s\n",
      sys_getpid(), (unsigned long long)heapprof_mean_bytes(),
      sl_opt.checker ? 1 : 0, *heap ? " heap=" : "", heap);
  sys_write_all(fd, line, n);
  sys_close(fd);
  timeline_bytes = n;
  return 0;
}

static void timeline_open(void) {
  start_ns = last_ns = sys_monotonic_ns();
  last_allocs = 0;
  sl_snprintf(timeline_path, sizeof timeline_path, "%s.%d.timeline",
              sl_opt.heap_profile_prefix, sys_getpid());
  int r = timeline_create();
  timeline_ok = r == 0;
  if (r < 0)
    report_raw("WARNING: Sleuth: cannot create the heap timeline '%s' "
               "(errno %d)",
               timeline_path, -r);
}

/* heap_profile_timeline_max_size: the full file becomes <timeline>.1 (the
 * previous .1 goes) and a new one starts with its own header; times still
 * count from the process's start, so `cat X.timeline.1 X.timeline` is one
 * timeline again (readers skip '#' lines after the first). */
static void rotate_if_full(size_t n) {
  uint64_t max = sl_opt.heap_profile_timeline_max_size;
  if (!max || timeline_bytes + n <= max)
    return;
  char old[sizeof timeline_path + 2];
  sl_snprintf(old, sizeof old, "%s.1", timeline_path);
  sys_rename(timeline_path, old);
  timeline_create();
}

/* One whole line, appended (with rate_lock held). */
static void timeline_write(const char *line, size_t n) {
  rotate_if_full(n);
  int fd = sys_open(timeline_path, O_WRONLY | O_APPEND, 0);
  if (fd < 0)
    return;
  sys_write_all(fd, line, n);
  sys_close(fd);
  timeline_bytes += n;
}

void heapprof_output_init(void) { timeline_open(); }

void heapprof_output_after_fork_child(void) {
  rate_lock.locked = 0;
  timeline_open();
  heapprof_dump_after_fork_child();
}

void heapprof_timeline_note_dump(const char *path, int why) {
  static const char *const names[] = {"api",    "exit", "interval", "signal",
                                      "growth", "peak", "alert"};
  if (!timeline_ok)
    return;
  char line[4200];
  spin_lock(&rate_lock); /* keeps the lines in time order */
  size_t n = sl_snprintf(
      line, sizeof line, "dump %llu why=%s %s\n",
      (unsigned long long)heapprof_uptime_ms(),
      why >= 0 && why < (int)(sizeof names / sizeof *names) ? names[why] : "api",
      path);
  timeline_write(line, n);
  spin_unlock(&rate_lock);
}

void heapprof_timeline_sample(void) {
  if (!timeline_ok || !__atomic_load_n(&heapprof_on, __ATOMIC_ACQUIRE))
    return;
  uint64_t allocs = 0, alloc_bytes = 0, free_bytes = 0;
  uint32_t cap;
  threads_lock();
  sl_thread **table = threads_table_locked(&cap);
  for (uint32_t i = 0; i < cap; i++) {
    if (!table[i])
      continue;
    sl_heapprof_thread *hp = &table[i]->hp;
    allocs += __atomic_load_n(&hp->allocs, __ATOMIC_RELAXED);
    alloc_bytes += __atomic_load_n(&hp->alloc_bytes, __ATOMIC_RELAXED);
    free_bytes += __atomic_load_n(&hp->free_bytes, __ATOMIC_RELAXED);
  }
  threads_unlock();
  /* Blocks allocated before the profiler started can be freed later. */
  uint64_t inuse = alloc_bytes > free_bytes ? alloc_bytes - free_bytes : 0;
  uint64_t young = 0, old = 0;
  heapprof_inuse_by_age(&young, &old);
  sys_proc_status st = {0, 0, 0};
  sys_read_proc_status(&st);
  stats_overhead ov;
  stats_get_overhead(&ov);
  spin_lock(&rate_lock);
  uint64_t now = sys_monotonic_ns();
  uint64_t dt = now - last_ns;
  uint64_t rate = dt && allocs >= last_allocs
                      ? (allocs - last_allocs) * 1000000000u / dt
                      : 0;
  last_ns = now;
  last_allocs = allocs;
  char line[320];
  size_t n = sl_snprintf(
      line, sizeof line,
      "sample %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu\n",
      (unsigned long long)((now - start_ns) / 1000000u),
      (unsigned long long)inuse, (unsigned long long)st.rss_anon,
      (unsigned long long)st.rss_file, (unsigned long long)allocs,
      (unsigned long long)rate, (unsigned long long)ov.quarantine,
      (unsigned long long)ov.shadow, (unsigned long long)ov.depot,
      (unsigned long long)young, (unsigned long long)old);
  timeline_write(line, n);
  spin_unlock(&rate_lock);
}

void heapprof_at_exit(void) {
  if (!__atomic_load_n(&heapprof_on, __ATOMIC_ACQUIRE))
    return;
  service_stop();
  if (sl_opt.heap_profile_timeline_ms > 0)
    heapprof_timeline_sample();
  heapprof_dump_why(0, HP_WHY_EXIT);
}
