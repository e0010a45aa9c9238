/* Heap profile dumps in jemalloc's heap_v2 text format (DESIGN.md §6,
 * shared/FACTS.md), so jeprof and pprof read them as they are:
 *
 *   heap_v2/<mean sample bytes>
 *     t*: <live objs>: <live bytes> [<cum objs>: <cum bytes>]   whole process
 *     tN: ...                                                   per thread
 *   # lifetimes temporary_ms=<T> uptime_ms=<ms since start>
 *   # peak est_bytes=<B> t_ms=<ms> snapshot_bytes=<B> snapshot_t_ms=<ms>
 *          [inuse_max=<B> inuse_max_t_ms=<ms>]      (with the in-use watch)
 *   # size <lo>: <samples>: <objs>: <variance>       one per size class
 *   @ 0x<ret addr> 0x<ret addr> ...           one stack, innermost first
 *     t*: ...
 *     unbiased: <live objs>: <variance> [<all objs>: <variance>]
 *     life: <temp objs>: <temp bytes> [<long objs>: <long bytes>]
 *     peak: <objs>: <bytes> [<unbiased objs>: <variance>]
 *     tN: ...
 *     unbiased: ...
 *   (blank line)
 *   MAPPED_LIBRARIES:
 *   <the contents of /proc/self/maps>
 *
 * Counts are raw samples and requested sizes; readers scale. The lifetime
 * lines are Sleuth's (sleuth-report --lifetimes): of the stack's sampled
 * blocks already freed, those freed within T ms of their allocation
 * (temporary) and those freed later (long-lived); its live ones are the
 * t* line's. jeprof skips lines it does not know (checked in
 * lit/heapprof/lifetimes-jeprof.c); a stack with nothing freed has none.
 * Each t line (the process's, a stack's, a thread's) is followed by its
 * unbiased: line, also Sleuth's: the estimated number of objects, live
 * and allocated, as the sum over the sampled blocks of 1/p (p = 1 -
 * exp(-size/interval), each block's own chance of being sampled) and the
 * variance of that estimate, the sum of (1-p)/p^2; decimals with three
 * places. jeprof's and pprof's scaling uses the stack's mean size, which
 * undercounts a stack of mixed sizes (docs/heap-profiling.md, "Object
 * counts"); they skip the line (lit/heapprof/unbiased-objects-jeprof.c).
 * The peak and size lines are Sleuth's too (heapprof_peak.c): the highest
 * estimate of the live heap and when (snapshot_* repeat it), the sites'
 * live counts at that moment (a stack's peak: line: its sampled live objects
 * and bytes then, and their unbiased count), and per size class [lo, 2lo)
 * the sampled allocations, the estimated number of allocations and its
 * variance; jeprof reads '#' lines in the header as comments. The stack
 * leaves out frame 0 (inside the allocator entry point), so it starts in
 * the caller of malloc/new. Dumps are serialised by dump_lock; the records
 * are copied under the profiler's lock and written without it.
 * heap_profile_format=pprof|both writes the same snapshot as a pprof
 * profile too or instead (heapprof_pprof.c), <...>.<seq>.pb.gz.
 * heap_profile_max_files deletes the oldest of the process's own dumps
 * once it has written more (see retain). */
#include "heapprof.h"

#include <fcntl.h>

#include "heapprof_internal.h"
#include "options.h"
#include "report.h"
#include "stackdepot.h"

static spin_t dump_lock;
static unsigned dump_seq; /* per process: restarts at 0 in a fork child */

/* Buffered output to one file descriptor. */
typedef struct {
  int fd;
  int failed;
  size_t len;
  char buf[16384];
} out_t;

static void out_flush(out_t *o) {
  size_t off = 0;
  while (off < o->len && !o->failed) {
    long w = sys_write(o->fd, o->buf + off, o->len - off);
    if (w == -4 /* EINTR */)
      continue;
    if (w <= 0)
      o->failed = 1;
    else
      off += (size_t)w;
  }
  o->len = 0;
}

static void out_printf(out_t *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void out_printf(out_t *o, const char *fmt, ...) {
  if (sizeof o->buf - o->len < 512)
    out_flush(o);
  sbuf_t b;
  sbuf_init(&b, o->buf + o->len, sizeof o->buf - o->len);
  va_list ap;
  va_start(ap, fmt);
  sbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  o->len += b.len;
}

static void out_bytes(out_t *o, const char *s, size_t n) {
  while (n) {
    if (o->len == sizeof o->buf)
      out_flush(o);
    size_t k = sizeof o->buf - o->len;
    if (k > n)
      k = n;
    sl_memcpy(o->buf + o->len, s, k);
    o->len += k;
    s += k;
    n -= k;
  }
}

/* A non-negative decimal with three places (no %f in the runtime's
 * formatter); past 2^63 the integer part is clamped, far beyond any
 * count or variance a process reaches. */
static void out_fixed(out_t *o, double v) {
  if (!(v > 0))
    v = 0;
  if (v > 9.2e18)
    v = 9.2e18;
  unsigned long long whole = (unsigned long long)v;
  unsigned milli = (unsigned)((v - (double)whole) * 1000 + 0.5);
  if (milli >= 1000)
    whole++, milli -= 1000;
  out_printf(o, "%llu.%u%u%u", whole, milli / 100, milli / 10 % 10, milli % 10);
}

/* A t line, then its unbiased: line (see the top of the file). */
static void out_counts(out_t *o, const char *who, uint32_t tid,
                       const hp_record *c) {
  if (who)
    out_printf(o, "  %s: ", who);
  else
    out_printf(o, "  t%u: ", tid);
  out_printf(o, "%llu: %llu [%llu: %llu]\n", (unsigned long long)c->live_objs,
             (unsigned long long)c->live_bytes, (unsigned long long)c->cum_objs,
             (unsigned long long)c->cum_bytes);
  out_bytes(o, "  unbiased: ", 12);
  out_fixed(o, c->live_objs ? c->live_inv : 0);
  out_bytes(o, ": ", 2);
  out_fixed(o, c->live_objs ? c->live_var : 0);
  out_bytes(o, " [", 2);
  out_fixed(o, c->cum_inv);
  out_bytes(o, ": ", 2);
  out_fixed(o, c->cum_var);
  out_bytes(o, "]\n", 2);
}

static void add_counts(hp_record *to, const hp_record *r) {
  to->temp_objs += r->temp_objs;
  to->temp_bytes += r->temp_bytes;
  to->long_objs += r->long_objs;
  to->long_bytes += r->long_bytes;
  to->live_objs += r->live_objs;
  to->live_bytes += r->live_bytes;
  to->cum_objs += r->cum_objs;
  to->cum_bytes += r->cum_bytes;
  to->live_inv += r->live_inv;
  to->live_var += r->live_var;
  to->cum_inv += r->cum_inv;
  to->cum_var += r->cum_var;
  to->peak_objs += r->peak_objs;
  to->peak_bytes += r->peak_bytes;
  to->peak_inv += r->peak_inv;
  to->peak_var += r->peak_var;
}

/* Heapsort (no libc qsort: glibc's may call malloc). */
typedef int (*rec_less)(const hp_record *, const hp_record *);
static int by_stack(const hp_record *a, const hp_record *b) {
  return a->stack != b->stack ? a->stack < b->stack : a->tid < b->tid;
}
static int by_tid(const hp_record *a, const hp_record *b) {
  return a->tid < b->tid;
}
static void sift(hp_record *a, size_t i, size_t n, rec_less less) {
  for (;;) {
    size_t c = 2 * i + 1;
    if (c >= n)
      return;
    if (c + 1 < n && less(&a[c], &a[c + 1]))
      c++;
    if (!less(&a[i], &a[c]))
      return;
    hp_record t = a[i];
    a[i] = a[c];
    a[c] = t;
    i = c;
  }
}
static void sort_records(hp_record *a, size_t n, rec_less less) {
  for (size_t i = n / 2; i-- > 0;)
    sift(a, i, n, less);
  for (size_t k = n; k > 1; k--) {
    hp_record t = a[0];
    a[0] = a[k - 1];
    a[k - 1] = t;
    sift(a, 0, k - 1, less);
  }
}

/* "# peak ..." and "# size ..." header lines (see the top of the file). */
static void write_extra(out_t *o, const hp_extra *x) {
  out_printf(o, "# peak est_bytes=%llu t_ms=%llu snapshot_bytes=%llu "
                "snapshot_t_ms=%llu",
             (unsigned long long)x->peak_est, (unsigned long long)x->peak_ms,
             (unsigned long long)x->snap_est, (unsigned long long)x->snap_ms);
  /* With the in-use watch on, its exact high-water mark too. */
  uint64_t at_ms;
  int64_t max = heapprof_watch_inuse_max(&at_ms);
  if (max >= 0)
    out_printf(o, " inuse_max=%llu inuse_max_t_ms=%llu",
               (unsigned long long)max, (unsigned long long)at_ms);
  out_bytes(o, "\n", 1);
  for (int b = 0; b < HP_SIZE_BUCKETS; b++) {
    const hp_size_bucket *k = &x->sizes[b];
    if (!k->samples)
      continue;
    out_printf(o, "# size %llu: %llu: ",
               b ? 1ull << (b - 1) : 0ull, (unsigned long long)k->samples);
    out_fixed(o, k->est);
    out_bytes(o, ": ", 2);
    out_fixed(o, k->var);
    out_bytes(o, "\n", 1);
  }
}

static void write_profile(out_t *o, hp_record *r, size_t n,
                          const hp_extra *x) {
  out_printf(o, "heap_v2/%llu\n", (unsigned long long)heapprof_mean_bytes());
  hp_record total = {0};
  for (size_t i = 0; i < n; i++)
    add_counts(&total, &r[i]);
  out_counts(o, "t*", 0, &total);
  sort_records(r, n, by_tid);
  for (size_t i = 0; i < n;) {
    hp_record t = {0};
    uint32_t tid = r[i].tid;
    for (; i < n && r[i].tid == tid; i++)
      add_counts(&t, &r[i]);
    out_counts(o, 0, tid, &t);
  }
  out_printf(o, "# lifetimes temporary_ms=%llu uptime_ms=%llu\n",
             (unsigned long long)(heapprof_temporary_ns() / 1000000u),
             (unsigned long long)heapprof_uptime_ms());
  write_extra(o, x);
  sort_records(r, n, by_stack);
  for (size_t i = 0; i < n;) {
    size_t end = i;
    hp_record s = {0};
    for (; end < n && r[end].stack == r[i].stack; end++)
      add_counts(&s, &r[end]);
    uptr pcs[DEPOT_MAX_FRAMES];
    int np = depot_get(r[i].stack, pcs, DEPOT_MAX_FRAMES);
    int first = np > 1; /* frame 0 is the allocator's own */
    out_bytes(o, "@", 1);
    for (int k = first; k < np; k++)
      out_printf(o, " 0x%lx", (unsigned long)pcs[k]);
    out_bytes(o, "\n", 1);
    out_counts(o, "t*", 0, &s);
    if (s.temp_objs || s.long_objs)
      out_printf(o, "  life: %llu: %llu [%llu: %llu]\n",
                 (unsigned long long)s.temp_objs,
                 (unsigned long long)s.temp_bytes,
                 (unsigned long long)s.long_objs,
                 (unsigned long long)s.long_bytes);
    if (s.peak_objs) {
      out_printf(o, "  peak: %llu: %llu [", (unsigned long long)s.peak_objs,
                 (unsigned long long)s.peak_bytes);
      out_fixed(o, s.peak_inv);
      out_bytes(o, ": ", 2);
      out_fixed(o, s.peak_var);
      out_bytes(o, "]\n", 2);
    }
    for (; i < end; i++)
      out_counts(o, 0, r[i].tid, &r[i]);
  }
  out_bytes(o, "\nMAPPED_LIBRARIES:\n", 19);
  size_t len = 0;
  char *maps = sys_read_file("/proc/self/maps", &len);
  if (maps) {
    out_bytes(o, maps, len);
    ifree(maps);
  }
  out_flush(o);
}

/* One file of the dump: heap_v2 text, or pprof (r sorted by stack). */
static int write_file(const char *path, int pprof, hp_record *r, size_t n,
                      const hp_extra *x) {
  out_t *o = pprof ? 0 : ialloc(sizeof *o);
  int fd = sys_open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  int ok = fd >= 0 && (o || pprof) && (r || !n);
  if (ok && pprof) {
    ok = heapprof_write_pprof(fd, r, n) == 0;
  } else if (ok) {
    o->fd = fd;
    write_profile(o, r, n, x);
    ok = !o->failed;
  }
  if (fd >= 0)
    sys_close(fd);
  if (!ok) {
    /* A cut-short dump reads as a smaller heap to jeprof and pprof: none
     * is better than a wrong one. */
    if (fd >= 0)
      sys_unlink(path);
    report_raw("WARNING: Sleuth: cannot write the heap profile '%s' (%s)", path,
               fd < 0 ? "cannot create the file"
                      : "write failed, disk full?; the partial file was removed");
  }
  ifree(o);
  return ok;
}

/* With both formats, the pprof file beside a given path: .heap becomes
 * .pb.gz, any other name gets .pb.gz appended. */
static void pprof_beside(const char *path, char *out, size_t cap) {
  size_t n = sl_strlen(path);
  if (n > 5 && sl_strcmp(path + n - 5, ".heap") == 0)
    n -= 5;
  if (n + 7 > cap)
    n = cap - 7;
  sl_memcpy(out, path, n);
  sl_memcpy(out + n, ".pb.gz", 7);
}

static int want_heap_v2(void) {
  return sl_strcmp(sl_opt.heap_profile_format, "pprof") != 0;
}
static int want_pprof(void) {
  return sl_strcmp(sl_opt.heap_profile_format, "heap_v2") != 0;
}

/* heap_profile_max_files: the sequence numbers of the newest dumps this
 * process wrote under its own names, oldest first (a ring, under
 * dump_lock). Only names in it are ever deleted, so neither a file the
 * process did not write (a failed dump, a file of an earlier process with
 * the same pid) nor a dump given an explicit path is. One dump is one
 * entry, whether it is a .heap, a .pb.gz or both (the format is fixed for
 * the process's life, so the files of an entry are the ones it wrote). */
static unsigned *kept;
static size_t kept_head, kept_n;

static void auto_name(char *name, size_t cap, unsigned seq, const char *ext) {
  sl_snprintf(name, cap, "%s.%d.%u.%s", sl_opt.heap_profile_prefix,
              sys_getpid(), seq, ext);
}

static void retain(unsigned seq) {
  size_t max = (size_t)sl_opt.heap_profile_max_files;
  if (!max)
    return;
  if (!kept && !(kept = ialloc(max * sizeof *kept)))
    return;
  if (kept_n < max) {
    kept[(kept_head + kept_n++) % max] = seq;
    return;
  }
  char old[4096];
  if (want_heap_v2()) {
    auto_name(old, sizeof old, kept[kept_head], "heap");
    sys_unlink(old);
  }
  if (want_pprof()) {
    auto_name(old, sizeof old, kept[kept_head], "pb.gz");
    sys_unlink(old);
  }
  kept[kept_head] = seq;
  kept_head = (kept_head + 1) % max;
}

int heapprof_dump_named(const char *path, hp_dump_why why, char *written,
                        size_t cap) {
  if (written && cap)
    written[0] = 0;
  if (!__atomic_load_n(&heapprof_on, __ATOMIC_ACQUIRE))
    return -1;
  spin_lock(&dump_lock);
  int v2 = want_heap_v2(), pp = want_pprof();
  char name[4096], pname[4096];
  const char *ppath = path;
  int own = !path;
  unsigned seq = dump_seq;
  if (own) {
    dump_seq++;
    auto_name(name, sizeof name, seq, "heap");
    auto_name(pname, sizeof pname, seq, "pb.gz");
    path = name;
    ppath = pname;
  } else if (v2 && pp) {
    pprof_beside(path, pname, sizeof pname);
    ppath = pname;
  }
  int64_t inuse = heapprof_watch_inuse();
  hp_record *r = 0;
  hp_extra *x = ialloc(sizeof *x);
  size_t n = heapprof_snapshot(&r, x);
  int ok_v2 = !v2 || (x && write_file(path, 0, r, n, x)), ok_pp = 1;
  if (pp) {
    sort_records(r, n, by_stack);
    ok_pp = write_file(ppath, 1, r, n, x);
  }
  int ok = ok_v2 && ok_pp;
  /* One timeline line per dump, naming the heap_v2 file when there is
   * one (with heap_profile_format=both the .pb.gz beside it is the same
   * snapshot: one mark, not two). */
  if (v2 ? ok_v2 : ok_pp)
    heapprof_timeline_note_dump(v2 ? path : ppath, why);
  if (ok) {
    heapprof_watch_note_dump(inuse);
    if (own)
      retain(seq);
    if (written && cap)
      sl_snprintf(written, cap, "%s", v2 ? path : ppath);
  }
  ifree(x);
  ifree(r);
  spin_unlock(&dump_lock);
  return ok ? 0 : -1;
}

int heapprof_dump_why(const char *path, hp_dump_why why) {
  return heapprof_dump_named(path, why, 0, 0);
}

int heapprof_dump(const char *path) {
  return heapprof_dump_named(path, HP_WHY_API, 0, 0);
}

void heapprof_dump_after_fork_child(void) {
  /* A dump in progress belonged to a thread that does not exist here. */
  dump_lock.locked = 0;
  dump_seq = 0;
  kept_head = kept_n = 0; /* the parent's files are not the child's */
}
