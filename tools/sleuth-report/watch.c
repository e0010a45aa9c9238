/* --watch PREFIX: a live view of a running program's heap. Every interval
 * it reads the newest PREFIX.<pid>.timeline (the runtime appends a sample
 * line every heap_profile_timeline_ms and a dump line after each complete
 * dump) and prints one block: heap in use, its growth and the allocation
 * rate over the last interval, Sleuth's overhead and RSS, then the sites
 * that grew. On a terminal each block replaces the last (cursor home,
 * clear); otherwise the blocks follow one another, without escape codes.
 * When the process is gone (or a zombie) it prints a last block and
 * returns 0. A process runs while its pid does: a finished program's pid
 * reused by another process would be taken for it (the timeline has no
 * start time to tell).
 *
 * The growth is measured from the newest dump back over as long a window
 * as the dumps allow: between two dumps a second apart, a site that grows
 * 200 KiB/s is lost among sites whose live bytes merely wander (a churner
 * holding 0 to 1 MiB at random moves by up to 1 MiB between any two
 * dumps, and that is a real change, not sampling noise), while over n
 * dumps a grower's growth grows as n, its error bar as sqrt(n), and the
 * wandering not at all. The base is the oldest dump read (--window S: the
 * oldest at most S seconds before the newest, unless the largest growth
 * there is not yet twice its 2-sigma bar, the "settled" test: then the
 * oldest again). Sites whose growth is within their bar are listed last,
 * marked '~'; with no growth beyond the noise one line says which settings
 * would show it (growth_hint.c).
 *
 * Every dump the timeline lists is read once and kept, so a dump that
 * retention (heap_profile_max_files) deletes can still be a base, and the
 * growth tables are rebuilt only when a new dump appears (each keeps its
 * profile: the report's loaders have no free, so memory grows with the
 * number of dumps, not with time). With heap_profile_format=both the
 * heap_v2 dumps are used and the .pb.gz skipped; with pprof alone the
 * .pb.gz are read (pprof_read.c): estimates without sample counts, so that
 * table has no error bars and says so. */
#include "watch.h"

#include <errno.h>
#include <glob.h>
#include <signal.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "errors.h"
#include "growth_hint.h"
#include "heap_dump.h"
#include "pprof_read.h"
#include "profile.h"
#include "timeline.h"
#include "util.h"

/* Whether the process runs: kill(pid, 0) succeeds for a zombie too, so
 * /proc/<pid>/stat is asked for the state. */
static int alive(long pid) {
  if (pid <= 0 || (kill((pid_t)pid, 0) != 0 && errno == ESRCH))
    return 0;
  char path[64], buf[512];
  snprintf(path, sizeof path, "/proc/%ld/stat", pid);
  FILE *f = fopen(path, "r");
  if (!f)
    return 1; /* no /proc: trust kill */
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = 0;
  const char *paren = strrchr(buf, ')');
  return !(paren && paren[1] == ' ' && (paren[2] == 'Z' || paren[2] == 'X'));
}

/* The pid a timeline file name carries: PREFIX.<pid>.timeline. */
static long pid_of(const char *path, const char *prefix) {
  return strtol(path + strlen(prefix) + 1, NULL, 10);
}

/* The newest PREFIX.<pid>.timeline by modification time (of a process
 * that runs, when live), or NULL. */
static char *newest_timeline(const char *prefix, int live) {
  strbuf pat = {0};
  for (const char *c = prefix; *c; c++) {
    if (strchr("*?[\\", *c))
      sb_putc(&pat, '\\'); /* the prefix is a path, not a pattern */
    sb_putc(&pat, *c);
  }
  sb_puts(&pat, ".[0-9]*.timeline");
  glob_t g;
  char *best = NULL;
  double best_t = -1;
  if (glob(pat.s, 0, NULL, &g) == 0) {
    for (size_t i = 0; i < g.gl_pathc; i++) {
      struct stat st;
      const char *pid = g.gl_pathv[i] + strlen(prefix) + 1;
      if (strspn(pid, "0123456789") != strlen(pid) - strlen(".timeline"))
        continue; /* PREFIX.x.timeline of another prefix, or .timeline.1 */
      if (stat(g.gl_pathv[i], &st) != 0 || (live && !alive(pid_of(g.gl_pathv[i], prefix))))
        continue;
      double t = (double)st.st_mtim.tv_sec + st.st_mtim.tv_nsec / 1e9;
      if (t > best_t) {
        free(best);
        best = xstrdup(g.gl_pathv[i]);
        best_t = t;
      }
    }
    globfree(&g);
  }
  free(pat.s);
  return best;
}

/* A dump path as the timeline names it is relative to the program's
 * directory; when it is not found from here, the timeline's directory
 * is tried. Returns a path to free, or NULL. */
static char *find_dump(const char *listed, const char *timeline_path) {
  if (access(listed, R_OK) == 0)
    return xstrdup(listed);
  const char *slash = strrchr(timeline_path, '/');
  if (!slash)
    return NULL;
  strbuf b = {0};
  sb_putn(&b, timeline_path, (size_t)(slash - timeline_path + 1));
  sb_puts(&b, base_name(listed));
  if (access(b.s, R_OK) == 0)
    return sb_take(&b);
  free(b.s);
  return NULL;
}

typedef struct {
  const char *name;
  double v;
  double var, k; /* the estimate's variance and its samples (errors.h) */
  bool noise;    /* a growth no larger than its 2-sigma bar */
} site;

/* Growth beyond the noise first, largest first; then the noise. */
static int by_value_desc(const void *a, const void *b) {
  const site *x = a, *y = b;
  if (x->noise != y->noise)
    return x->noise ? 1 : -1;
  if (x->v != y->v)
    return x->v < y->v ? 1 : -1;
  return strcmp(x->name, y->name);
}

typedef struct {
  char *newer, *older; /* the dumps the table was built from */
  double span_s;       /* between them, from the timeline */
  size_t back;         /* dumps between them (1: consecutive) */
  bool no_bars;        /* from pprof dumps: estimates without sample counts */
  char *unsettled;     /* a newer dump whose growth was all noise, or NULL */
  site *sites;
  size_t nsites;
} growth;

/* A dump the timeline lists, read once: a heap_v2 dump (d), a pprof one
 * (pp), or neither (unreadable). */
typedef struct {
  heap_dump *d;
  pprof_profile *pp;
  char *path;
  double t_ms;
} seen_dump;

typedef struct {
  strmap index; /* listed path -> entry */
  seen_dump *v;
  size_t n, cap;
} dump_cache;

/* Whether the file starts like a heap_v2 dump (pprof's are gzip). */
static bool is_heap_v2(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return false;
  char head[64] = {0};
  size_t n = fread(head, 1, sizeof head - 1, f);
  fclose(f);
  head[n] = 0;
  return heap_dump_sniff(head);
}

/* Reads a listed dump into the cache, unless it is there already. */
static void cache_get(dump_cache *c, const timeline_dump *listed, const char *timeline_path) {
  if (strmap_get(&c->index, listed->path) != (size_t)-1)
    return;
  char *p = find_dump(listed->path, timeline_path);
  if (!p)
    return; /* deleted before it was read */
  heap_dump *d = NULL;
  pprof_profile *pp = NULL;
  if (is_heap_v2(p))
    d = heap_dump_load(p);
  else
    pp = pprof_read(p);
  GROW(c->v, c->cap, c->n);
  c->v[c->n] = (seen_dump){d, pp, p, listed->t_ms};
  strmap_put(&c->index, listed->path, c->n++);
}

/* The index of site name in gr's table, added (all zero) if new. */
static size_t site_at(growth *gr, strmap *index, size_t *cap,
                      const char *name) {
  size_t at = strmap_get(index, name);
  if (at == (size_t)-1) {
    GROW(gr->sites, *cap, gr->nsites);
    gr->sites[gr->nsites] = (site){name, 0, 0, 0, false};
    strmap_put(index, name, gr->nsites);
    at = gr->nsites++;
  }
  return at;
}

/* Bytes in use per site (the frame that called the allocator) in newer
 * minus older (or in newer alone), real growth first (by_value_desc). */
static void build_growth(growth *gr, const heap_dump *newer, const heap_dump *older,
                         bool symbolize) {
  profile p = {0};
  profile_add_dump(&p, (heap_dump *)newer, +1, false);
  if (older)
    profile_add_dump(&p, (heap_dump *)older, -1, false);
  /* Two dumps of the one process being watched: only what was allocated or
   * freed between them adds noise to the growth (errors.c). */
  p.same_process = older != NULL;
  profile_merge(&p);
  profile_resolve(&p, symbolize);
  strmap index = {0};
  size_t cap = 0;
  gr->nsites = 0;
  gr->sites = NULL;
  for (size_t i = 0; i < p.nsamples; i++) {
    const sample *s = &p.samples[i];
    if (!s->nframes || s->v[M_INUSE_SPACE] == 0)
      continue;
    size_t at = site_at(gr, &index, &cap, s->frames[0]->name);
    gr->sites[at].v += s->v[M_INUSE_SPACE];
    gr->sites[at].var += errors_variance(&p, s, M_INUSE_SPACE);
    gr->sites[at].k += errors_count(s, M_INUSE_SPACE);
  }
  strmap_free(&index);
  for (size_t i = 0; older && i < gr->nsites; i++)
    gr->sites[i].noise = gr->sites[i].v <= errors_two_sigma(gr->sites[i].var);
  if (gr->nsites)
    qsort(gr->sites, gr->nsites, sizeof(site), by_value_desc);
}

/* The same from pprof dumps: their values are estimates already, with no
 * sample counts behind them, so the table has no error bars (no_bars) and
 * nothing is marked as noise. */
static void build_growth_pprof(growth *gr, const pprof_profile *newer, const pprof_profile *older) {
  strmap index = {0};
  size_t cap = 0;
  gr->nsites = 0;
  gr->sites = NULL;
  gr->no_bars = true;
  for (int pass = 0; pass < (older ? 2 : 1); pass++) {
    const pprof_profile *pp = pass ? older : newer;
    for (size_t i = 0; i < pp->nsites; i++) {
      size_t at = site_at(gr, &index, &cap, pp->sites[i].name);
      gr->sites[at].v += pass ? -pp->sites[i].inuse : pp->sites[i].inuse;
    }
  }
  strmap_free(&index);
  size_t kept = 0;
  for (size_t i = 0; i < gr->nsites; i++)
    if (gr->sites[i].v != 0)
      gr->sites[kept++] = gr->sites[i];
  gr->nsites = kept;
  if (gr->nsites)
    qsort(gr->sites, gr->nsites, sizeof(site), by_value_desc);
}

static void build_any(growth *gr, const seen_dump *newer, const seen_dump *older, bool symbolize) {
  if (newer->d)
    build_growth(gr, newer->d, older ? older->d : NULL, symbolize);
  else
    build_growth_pprof(gr, newer->pp, older ? older->pp : NULL);
}

/* Whether the table's largest growth is at least twice its 2-sigma bar:
 * the window it was measured over is long enough to rank by. */
static bool settled(const growth *gr) {
  return gr->nsites && !gr->sites[0].noise && gr->sites[0].v > 0 &&
         gr->sites[0].v >= 2 * errors_two_sigma(gr->sites[0].var);
}

static void growth_free(growth *gr) {
  free(gr->newer);
  free(gr->older);
  free(gr->unsettled);
  free(gr->sites);
  *gr = (growth){0};
}

/* The growth into the newest of the n dumps d[] (time order), from the
 * oldest dump at most window_s seconds older (window_s 0: the oldest of
 * all); if that ranking has not settled, from the oldest of all. */
static void rank_growth(growth *gr, const seen_dump **d, size_t n, double window_s,
                        bool symbolize) {
  const seen_dump *newest = d[n - 1];
  growth_free(gr);
  if (n == 1) {
    build_any(gr, newest, NULL, symbolize);
    gr->newer = xstrdup(newest->path);
    return;
  }
  size_t first = 0;
  while (window_s > 0 && first < n - 2 && newest->t_ms - d[first]->t_ms > window_s * 1000)
    first++;
  for (;;) {
    build_any(gr, newest, d[first], symbolize);
    gr->newer = xstrdup(newest->path);
    gr->older = xstrdup(d[first]->path);
    gr->span_s = (newest->t_ms - d[first]->t_ms) / 1000;
    gr->back = n - 1 - first;
    if (settled(gr) || first == 0)
      return;
    growth_free(gr);
    first = 0;
  }
}

static const char *bytes(double v, char *buf, size_t n) { return human_bytes(v, buf, n); }

/* One block of the view. */
static void show(FILE *out, const timeline *t, const growth *gr, const char *source,
                 const watch_options *o, int running) {
  char a[32], b[32], c2[32], d[32], e[32];
  fprintf(out, "sleuth-report --watch: pid %ld (%s), %s\n", t->pid, t->path,
          running ? "running" : "exited");
  if (!t->nsamples) {
    fputs("no samples yet (heap_profile_timeline_ms=0 writes none)\n", out);
  } else {
    const timeline_sample *last = &t->samples[t->nsamples - 1];
    /* The sample about one interval back, for the growth rate. */
    size_t k = t->nsamples - 1;
    while (k > 0 && last->t_ms - t->samples[k].t_ms < o->interval_s * 1000)
      k--;
    const timeline_sample *prev = &t->samples[k];
    double dt = (last->t_ms - prev->t_ms) / 1000;
    fprintf(out, "at %.1fs: heap in use%s %s", last->t_ms / 1000, source,
            bytes(last->heap_inuse, a, sizeof a));
    if (dt > 0)
      fprintf(out, " (%s%s/s over %.1fs)", last->heap_inuse >= prev->heap_inuse ? "+" : "",
              bytes((last->heap_inuse - prev->heap_inuse) / dt, b, sizeof b), dt);
    fprintf(out, ", %.0f allocations/s\n", last->allocs_per_s);
    if (last->overhead)
      fprintf(out, "Sleuth's overhead %s (quarantine %s, shadow %s, depot %s), RSS %s\n",
              bytes(last->quarantine + last->shadow + last->depot, a, sizeof a),
              bytes(last->quarantine, b, sizeof b), bytes(last->shadow, c2, sizeof c2),
              bytes(last->depot, d, sizeof d), bytes(last->rss_anon + last->rss_file, e, sizeof e));
    else
      fprintf(out, "RSS %s\n", bytes(last->rss_anon + last->rss_file, a, sizeof a));
  }
  if (!gr->newer) {
    fputs("no dump yet (heap_profile_interval_s, SIGUSR2 or sleuth_heap_profile_dump write "
          "them)\n",
          out);
    return;
  }
  if (gr->older)
    fprintf(out, "top growing sites, %s -> %s (%.1fs, %zu dump%s back):\n", base_name(gr->older),
            base_name(gr->newer), gr->span_s, gr->back, gr->back == 1 ? "" : "s");
  else
    fprintf(out, "top sites in use, %s (one dump so far):\n", base_name(gr->newer));
  if (gr->no_bars)
    fputs("  (pprof dumps: estimates without their sample counts, so no error bars; "
          "heap_profile_format=both adds heap_v2 dumps, which have them)\n",
          out);
  size_t shown = 0, real = 0;
  for (size_t i = 0; i < gr->nsites && shown < o->top; i++) {
    if (gr->older && gr->sites[i].v <= 0)
      continue; /* shrank: noise sorts after growth, so more may follow */
    /* The estimate, its 2-sigma half-width and the samples behind it;
     * '~' marks a growth no larger than its noise. */
    const site *st = &gr->sites[i];
    double e = errors_two_sigma(st->var);
    if (gr->no_bars)
      fprintf(out, "  %12s %28s", bytes(st->v, a, sizeof a), "");
    else
      fprintf(out, "  %12s +-%10s %6.0f samples%s", bytes(st->v, a, sizeof a),
              bytes(e, c2, sizeof c2), st->k, st->noise ? "~" : " ");
    if (gr->older && gr->span_s > 0)
      fprintf(out, "  %12s/s", bytes(st->v / gr->span_s, b, sizeof b));
    fprintf(out, "  %s\n", st->name);
    shown++;
    real += !st->noise;
  }
  if (!shown)
    fputs("  (nothing grew)\n", out);
  if (gr->unsettled)
    fprintf(out, "  (the newer %s shows no growth beyond the noise)\n", base_name(gr->unsettled));
  /* No growth beyond the noise, or nothing to compare yet: say what would
   * answer "what grows". */
  if (gr->older ? !real : !running)
    growth_hint(out, t->sample, !gr->older);
}

int watch(const watch_options *o) {
  int tty = isatty(1);
  /* A running process's timeline, else (after a second, for a program
   * started just now to create its own) the newest of a finished one,
   * whose last state is shown once; with none at all, wait for one. */
  char *path = NULL;
  for (int tries = 0; !path; tries++) {
    if (!(path = newest_timeline(o->prefix, 1)) && tries >= 10)
      path = newest_timeline(o->prefix, 0);
    if (!path && tries == 10)
      fprintf(stderr, "sleuth-report: waiting for %s.<pid>.timeline\n", o->prefix);
    if (!path)
      nanosleep(&(struct timespec){0, 100000000}, NULL);
  }
  timeline *first;
  while (!(first = timeline_load_live(path)))
    nanosleep(&(struct timespec){0, 100000000}, NULL);
  long pid = first->pid;
  /* What heap in use counts, said when it is not the default (another
   * allocator's block sizes, or nothing measurable). */
  char source[256] = "", what[200];
  if (first->heap)
    snprintf(source, sizeof source, " (%s)", timeline_heap_measure(first, what, sizeof what));
  timeline_free(first);
  growth gr = {0};
  dump_cache cache = {0};
  for (;;) {
    /* Alive first: a process found gone has written its last lines. */
    int running = alive(pid);
    timeline *t = timeline_load_live(path);
    if (!t) { /* rotated just now (heap_profile_timeline_max_size) */
      if (!running)
        return 0;
      nanosleep(&(struct timespec){0, 100000000}, NULL);
      continue;
    }
    /* Every heap_v2 dump listed so far, read once (retention may delete
     * them later); a new newest one ranks the growth again. */
    for (size_t i = 0; i < t->ndumps; i++)
      cache_get(&cache, &t->dumps[i], path);
    /* Pointers only now: reading a dump may move the cache's array. */
    /* heap_v2 dumps when there are any (they have error bars), else the
     * pprof ones of heap_profile_format=pprof. */
    const seen_dump **ds = NULL;
    size_t nds = 0, dcap = 0;
    for (int want_v2 = 1; want_v2 >= 0 && !nds; want_v2--)
      for (size_t i = 0; i < t->ndumps; i++) {
        size_t at = strmap_get(&cache.index, t->dumps[i].path);
        if (at != (size_t)-1 && (want_v2 ? cache.v[at].d != NULL : cache.v[at].pp != NULL)) {
          GROW(ds, dcap, nds);
          ds[nds++] = &cache.v[at];
        }
      }
    const char *last_seen = gr.unsettled ? gr.unsettled : gr.newer;
    if (nds && (!last_seen || strcmp(ds[nds - 1]->path, last_seen) != 0)) {
      growth g = {0};
      rank_growth(&g, ds, nds, o->window_s, o->symbolize);
      /* The exit dump of a program that frees its heap before it ends
       * (or a dump after a cache flush) shows nothing growing: the last
       * ranking that did is kept, and a line names the newer dump. */
      if (gr.nsites && g.older && !settled(&g) && settled(&gr)) {
        free(gr.unsettled);
        gr.unsettled = xstrdup(g.newer);
        growth_free(&g);
      } else {
        growth_free(&gr);
        gr = g;
      }
    }
    free(ds);
    if (tty)
      fputs("\033[H\033[2J", stdout);
    show(stdout, t, &gr, source, o, running);
    if (!tty)
      fputc('\n', stdout);
    if (fflush(stdout) != 0)
      die("writing the live view failed: %s", strerror(errno));
    timeline_free(t);
    if (!running)
      return 0;
    double s = o->interval_s;
    nanosleep(&(struct timespec){(time_t)s, (long)((s - (double)(time_t)s) * 1e9)}, NULL);
  }
}
