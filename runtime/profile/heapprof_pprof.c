/* Heap profiles as pprof's profile.proto, gzipped (heap_profile_format=
 * pprof|both): what Go's pprof, Grafana Pyroscope and Parca read, written
 * at dump time without sleuth-report. The same content as the heap_v2
 * dump of the same moment, in pprof's terms (tools/sleuth-report/pprof.c
 * writes the same fields from a heap_v2 file):
 *  - sample types alloc_objects/count, alloc_space/bytes,
 *    inuse_objects/count, inuse_space/bytes (the default); one sample per
 *    stack, its values the estimates sleuth-report computes from the
 *    sampled counts (pprof does not rescale), rounded: bytes scaled as
 *    jeprof does, objects as the sum of each sample's 1/p; period_type
 *    space/bytes and period = the mean sampling interval, for information;
 *  - locations symbolized now, through the runtime's own symbolizer (the
 *    llvm-symbolizer child and cache that reports use, or the ELF symbol
 *    table with symbolize=0: function names only), inlined frames as
 *    several Lines of one Location; a pc nothing could name gets no Line,
 *    so pprof can symbolize it later from its mapping;
 *  - mappings: the executable mappings of /proc/self/maps, with the GNU
 *    build id read from each file.
 * Everything is built in internal memory (pb_writer.c) and written as one
 * gzip file of stored blocks (gzip_stored.c): the runtime may not call
 * zlib, which allocates with malloc. Dumps run on the service thread, at
 * exit or from sleuth_heap_profile_dump, never in a signal handler, so
 * talking to the symbolizer here is what a report does. */
#include "build_id.h"
#include "gzip_stored.h"
#include "heapprof_internal.h"
#include "pb_writer.h"
#include "stackdepot.h"
#include "symbolize.h"

#define PP_MAX_INLINE 32 /* inlined frames kept per location */

/* ---- 1 - exp(-x) without libm -------------------------------------- */

/* For x >= 0. Small x: the series x - x^2/2 + x^3/6 - ..., which has no
 * cancellation (1 - exp(-x) computed directly loses digits for the tiny x
 * of small objects). Larger x: exp(-x) by halving to below 0.5 and
 * squaring back. Past 40, exp(-x) is below double precision of 1. */
static double one_minus_exp_neg(double x) {
  if (x > 40)
    return 1;
  int halvings = 0;
  while (x > 0.5) {
    x *= 0.5;
    halvings++;
  }
  double term = x, sum = 0;
  for (int k = 1; k < 40 && term != 0; k++) {
    sum += term;
    term *= -x / (k + 1);
  }
  if (!halvings)
    return sum;
  double e = 1 - sum;
  while (halvings--)
    e *= e;
  return 1 - e;
}

/* jeprof's unsampling factor for sampled objects averaging avg bytes. */
static double scale(double avg, double interval) {
  if (interval <= 1 || avg <= 0)
    return 1;
  return 1 / one_minus_exp_neg(avg / interval);
}

static int64_t round_half_up(double v) { return (int64_t)(v + 0.5); }

/* ---- hash tables of ids (open addressing, keys never 0) ------------ */

typedef struct {
  uint64_t *keys;
  uint32_t *vals;
  size_t n, cap; /* cap a power of two */
  int failed;
} idmap;

static uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return x;
}

/* Slot of key: its value if present, else where it would go. */
static size_t idmap_slot(const idmap *m, uint64_t key) {
  size_t i = (size_t)mix(key) & (m->cap - 1);
  while (m->keys[i] && m->keys[i] != key)
    i = (i + 1) & (m->cap - 1);
  return i;
}

static uint32_t idmap_get(const idmap *m, uint64_t key) {
  if (!m->cap)
    return 0;
  size_t i = idmap_slot(m, key);
  return m->keys[i] ? m->vals[i] : 0;
}

static void idmap_put(idmap *m, uint64_t key, uint32_t val) {
  if ((m->n + 1) * 2 > m->cap) {
    idmap old = *m;
    size_t cap = old.cap ? old.cap * 2 : 256;
    m->keys = ialloc(cap * sizeof(uint64_t));
    m->vals = ialloc(cap * sizeof(uint32_t));
    if (!m->keys || !m->vals) {
      ifree(m->keys);
      ifree(m->vals);
      *m = old;
      m->failed = 1; /* the write is abandoned; the table stays valid */
      return;
    }
    m->cap = cap;
    m->n = 0;
    for (size_t i = 0; i < old.cap; i++)
      if (old.keys[i])
        idmap_put(m, old.keys[i], old.vals[i]);
    ifree(old.keys);
    ifree(old.vals);
  }
  size_t i = idmap_slot(m, key);
  if (!m->keys[i])
    m->n++;
  m->keys[i] = key;
  m->vals[i] = val;
}

static void idmap_free(idmap *m) {
  ifree(m->keys);
  ifree(m->vals);
}

/* ---- the writer ---------------------------------------------------- */

typedef struct {
  uptr lo, hi, off;
  char *path;
  int all_named, any_file;
} pp_map;

typedef struct {
  pb_t prof, msg, sub, loc, line, fn; /* the profile; nested messages */
  pb_t strs;                          /* the string_table fields */
  uint32_t nstrs;
  idmap str_ids; /* FNV-1a hash of a string -> its id + 1 (chained below) */
  uint32_t *str_next; /* id -> next id with the same hash + 1, or 0 */
  size_t *str_at;     /* id -> offset of its bytes in strs */
  uint32_t *str_len;
  size_t str_cap;
  idmap func_ids; /* name id << 32 | file id -> function id */
  uint32_t nfuncs;
  idmap loc_ids; /* pc + 1 -> location id */
  uint32_t nlocs;
  pp_map *maps;
  size_t nmaps;
  int failed;
} writer;

static uint64_t fnv1a(const char *s, size_t n) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; i++)
    h = (h ^ (uint8_t)s[i]) * 0x100000001b3ull;
  return h | 1; /* never 0, the empty key */
}

static int grow_strs(writer *w) {
  size_t cap = w->str_cap ? w->str_cap * 2 : 256;
  uint32_t *next = irealloc(w->str_next, cap * sizeof(uint32_t));
  if (next)
    w->str_next = next;
  size_t *at = irealloc(w->str_at, cap * sizeof(size_t));
  if (at)
    w->str_at = at;
  uint32_t *len = irealloc(w->str_len, cap * sizeof(uint32_t));
  if (len)
    w->str_len = len;
  if (!next || !at || !len)
    return 0;
  w->str_cap = cap;
  return 1;
}

/* The string's index in string_table; 0 ("") for NULL. */
static uint32_t str_id(writer *w, const char *s) {
  if (!s)
    s = "";
  size_t n = sl_strlen(s);
  uint64_t h = fnv1a(s, n);
  for (uint32_t id1 = idmap_get(&w->str_ids, h); id1; id1 = w->str_next[id1 - 1]) {
    uint32_t id = id1 - 1;
    if (w->str_len[id] == n &&
        (n == 0 || sl_strncmp((const char *)w->strs.data + w->str_at[id], s, n) == 0))
      return id;
  }
  if (w->nstrs == w->str_cap && !grow_strs(w)) {
    w->failed = 1;
    return 0;
  }
  uint32_t id = w->nstrs++;
  pb_bytes(&w->strs, 6, s, n);
  w->str_at[id] = w->strs.len - n;
  w->str_len[id] = (uint32_t)n;
  w->str_next[id] = idmap_get(&w->str_ids, h);
  idmap_put(&w->str_ids, h, id + 1);
  return id;
}

static void value_type(writer *w, int field, const char *type, const char *unit) {
  pb_reset(&w->sub);
  pb_uint(&w->sub, 1, str_id(w, type));
  pb_uint(&w->sub, 2, str_id(w, unit));
  pb_message(&w->prof, field, &w->sub);
}

/* Executable file mappings, in the kernel's order (the program first:
 * pprof names a profile after its first mapping). */
static void read_mappings(writer *w) {
  char *maps = sys_read_file("/proc/self/maps", 0);
  size_t cap = 0;
  for (const char *l = maps; l && *l;) {
    const char *nl = sl_strchr(l, '\n');
    const char *end = nl ? nl : l + sl_strlen(l);
    const char *p = l;
    uptr lo = sl_parse_hex(&p);
    p++;
    uptr hi = sl_parse_hex(&p);
    p++;
    int exec = end - p > 3 && p[2] == 'x';
    p += 5;
    uptr off = sl_parse_hex(&p);
    const char *path = p;
    while (path < end && *path != '/')
      path++;
    if (exec && path < end) {
      if (w->nmaps == cap) {
        size_t c = cap ? cap * 2 : 32;
        pp_map *n = irealloc(w->maps, c * sizeof(pp_map));
        if (!n)
          break;
        w->maps = n;
        cap = c;
      }
      pp_map *m = &w->maps[w->nmaps];
      m->path = ialloc((size_t)(end - path) + 1);
      if (m->path) {
        sl_memcpy(m->path, path, (size_t)(end - path));
        m->lo = lo;
        m->hi = hi;
        m->off = off;
        m->all_named = 1;
        m->any_file = 0;
        w->nmaps++;
      }
    }
    l = nl ? nl + 1 : 0;
  }
  ifree(maps);
}

static uint32_t function_id(writer *w, const char *name, const char *file) {
  uint32_t n = str_id(w, name), f = str_id(w, file);
  uint64_t key = 1ull << 63 | (uint64_t)n << 32 | f; /* never 0 */
  uint32_t id = idmap_get(&w->func_ids, key);
  if (id)
    return id;
  id = ++w->nfuncs;
  idmap_put(&w->func_ids, key, id);
  pb_reset(&w->fn);
  pb_uint(&w->fn, 1, id);
  pb_uint(&w->fn, 2, n);
  pb_uint(&w->fn, 3, n);
  pb_uint(&w->fn, 4, f);
  pb_message(&w->prof, 5, &w->fn);
  return id;
}

static uint32_t location_id(writer *w, uptr pc) {
  uint32_t id = idmap_get(&w->loc_ids, pc + 1); /* keys are never 0 */
  if (id)
    return id;
  id = ++w->nlocs;
  idmap_put(&w->loc_ids, pc + 1, id);
  pb_reset(&w->loc);
  pb_uint(&w->loc, 1, id);
  pp_map *m = 0;
  for (size_t i = 0; i < w->nmaps && !m; i++)
    if (pc >= w->maps[i].lo && pc < w->maps[i].hi)
      m = &w->maps[i];
  pb_uint(&w->loc, 2, m ? (uint64_t)(m - w->maps) + 1 : 0);
  pb_uint(&w->loc, 3, pc);
  /* A return address: the call is the byte before it. */
  sl_frame_info f[PP_MAX_INLINE];
  int nf = pc ? symbolize_pc(pc - 1, f, PP_MAX_INLINE) : 0;
  int named = nf > 0 && f[0].function;
  if (m && !named)
    m->all_named = 0;
  for (int k = 0; named && k < nf; k++) {
    if (!f[k].function)
      continue;
    if (m && f[k].file)
      m->any_file = 1;
    pb_reset(&w->line);
    pb_uint(&w->line, 1, function_id(w, f[k].function, f[k].file));
    pb_uint(&w->line, 2, (uint64_t)(int64_t)f[k].line);
    pb_uint(&w->line, 3, (uint64_t)(int64_t)f[k].column);
    pb_message(&w->loc, 4, &w->line);
  }
  pb_message(&w->prof, 4, &w->loc);
  return id;
}

/* One sample for the records r[0..n) of one stack (all its threads). */
static void write_sample(writer *w, const hp_record *r, size_t n,
                         double interval) {
  uint64_t lo = 0, lb = 0, co = 0, cb = 0;
  double li = 0, ci = 0;
  for (size_t i = 0; i < n; i++) {
    lo += r[i].live_objs;
    lb += r[i].live_bytes;
    co += r[i].cum_objs;
    cb += r[i].cum_bytes;
    li += r[i].live_objs ? r[i].live_inv : 0;
    ci += r[i].cum_inv;
  }
  double si = lo ? scale((double)lb / (double)lo, interval) : 0;
  double sc = co ? scale((double)cb / (double)co, interval) : 0;
  /* Objects: the unbiased counts (each sample weighted by its own 1/p),
   * as sleuth-report computes them from the heap_v2 dump's unbiased:
   * lines; bytes: jeprof's scaling. */
  int64_t v[4] = {round_half_up(ci), round_half_up((double)cb * sc),
                  round_half_up(li), round_half_up((double)lb * si)};
  if (!v[0] && !v[1] && !v[2] && !v[3])
    return;
  uptr pcs[DEPOT_MAX_FRAMES];
  uint32_t ids[DEPOT_MAX_FRAMES];
  int np = depot_get(r[0].stack, pcs, DEPOT_MAX_FRAMES);
  int first = np > 1; /* frame 0 is the allocator's own, as in heap_v2 */
  int nids = 0;
  for (int k = first; k < np; k++)
    ids[nids++] = location_id(w, pcs[k]);
  pb_reset(&w->msg);
  pb_reset(&w->sub);
  for (int k = 0; k < nids; k++)
    pb_varint(&w->sub, ids[k]);
  pb_message(&w->msg, 1, &w->sub);
  pb_reset(&w->sub);
  for (int k = 0; k < 4; k++)
    pb_varint(&w->sub, (uint64_t)v[k]);
  pb_message(&w->msg, 2, &w->sub);
  pb_message(&w->prof, 2, &w->msg);
}

static void write_mappings(writer *w) {
  char id[128];
  for (size_t i = 0; i < w->nmaps; i++) {
    const pp_map *m = &w->maps[i];
    pb_reset(&w->msg);
    pb_uint(&w->msg, 1, i + 1);
    pb_uint(&w->msg, 2, m->lo);
    pb_uint(&w->msg, 3, m->hi);
    pb_uint(&w->msg, 4, m->off);
    pb_uint(&w->msg, 5, str_id(w, m->path));
    pb_uint(&w->msg, 6,
            elf_build_id_hex(m->path, id, sizeof id) ? str_id(w, id) : 0);
    /* Named everywhere: pprof need not symbolize this mapping again. */
    pb_uint(&w->msg, 7, m->all_named);
    pb_uint(&w->msg, 8, m->all_named && m->any_file);
    pb_uint(&w->msg, 9, m->all_named && m->any_file);
    pb_uint(&w->msg, 10, m->all_named);
    pb_message(&w->prof, 3, &w->msg);
  }
}

static void writer_free(writer *w) {
  pb_t *bufs[] = {&w->prof, &w->msg, &w->sub, &w->loc, &w->line, &w->fn, &w->strs};
  for (unsigned i = 0; i < sizeof bufs / sizeof *bufs; i++) {
    w->failed |= bufs[i]->failed;
    pb_free(bufs[i]);
  }
  w->failed |= w->str_ids.failed | w->func_ids.failed | w->loc_ids.failed;
  idmap_free(&w->str_ids);
  idmap_free(&w->func_ids);
  idmap_free(&w->loc_ids);
  ifree(w->str_next);
  ifree(w->str_at);
  ifree(w->str_len);
  for (size_t i = 0; i < w->nmaps; i++)
    ifree(w->maps[i].path);
  ifree(w->maps);
}

int heapprof_write_pprof(int fd, const hp_record *r, size_t n) {
  writer *w = ialloc(sizeof *w);
  if (!w)
    return -1;
  double interval = (double)heapprof_mean_bytes();
  str_id(w, ""); /* string_table[0] must be "" */
  value_type(w, 1, "alloc_objects", "count");
  value_type(w, 1, "alloc_space", "bytes");
  value_type(w, 1, "inuse_objects", "count");
  value_type(w, 1, "inuse_space", "bytes");
  read_mappings(w);
  for (size_t i = 0; i < n;) {
    size_t end = i;
    while (end < n && r[end].stack == r[i].stack)
      end++;
    write_sample(w, r + i, end - i, interval);
    i = end;
  }
  write_mappings(w);
  pb_uint(&w->prof, 9, sys_realtime_ns());
  pb_uint(&w->prof, 10, heapprof_uptime_ms() * 1000000u);
  value_type(w, 11, "space", "bytes");
  pb_uint(&w->prof, 12, (uint64_t)interval);
  char comment[200];
  if (interval > 1)
    sl_snprintf(comment, sizeof comment,
                "Sleuth heap profile of pid %d: estimates from samples (one per "
                "%llu bytes allocated; bytes scaled as jeprof does, objects "
                "unbiased)",
                sys_getpid(), (unsigned long long)interval);
  else
    sl_snprintf(comment, sizeof comment,
                "Sleuth heap profile of pid %d: every allocation (exact)",
                sys_getpid());
  pb_uint(&w->prof, 13, str_id(w, comment));
  pb_uint(&w->prof, 14, str_id(w, "inuse_space"));
  /* The strings go last (the order of a message's fields is free), so
   * the profile is one buffer for the gzip writer. */
  pb_append(&w->prof, w->strs.data, w->strs.len);
  int rc = -1;
  if (!(w->failed || w->prof.failed || w->strs.failed || w->str_ids.failed ||
        w->func_ids.failed || w->loc_ids.failed))
    rc = gzip_stored_write(fd, w->prof.data, w->prof.len);
  writer_free(w);
  ifree(w);
  return rc;
}
