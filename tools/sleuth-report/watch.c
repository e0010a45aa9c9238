/* --watch PREFIX: a live view of a running program's heap. Every interval
 * it reads the newest PREFIX.<pid>.timeline (the runtime appends a sample
 * line every heap_profile_timeline_ms and a dump line after each complete
 * dump) and prints one block: heap in use, its growth and the allocation
 * rate over the last interval, Sleuth's overhead and RSS, then the sites
 * that grew most between the two newest dumps the timeline lists. On a
 * terminal each block replaces the last (cursor home, clear); otherwise
 * the blocks follow one another, without escape codes. When the process
 * is gone (or a zombie) it prints a last block and returns 0. A process
 * runs while its pid does: a finished program's pid reused by another
 * process would be taken for it (the timeline has no start time to tell).
 *
 * The growth table is rebuilt only when a new dump appears; each rebuild
 * keeps its profile (the report's loaders have no free), so memory grows
 * with the number of dumps, not with time. */
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
#include "heap_dump.h"
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
} site;

static int by_value_desc(const void *a, const void *b) {
  const site *x = a, *y = b;
  if (x->v != y->v)
    return x->v < y->v ? 1 : -1;
  return strcmp(x->name, y->name);
}

typedef struct {
  char *newer, *older; /* the dumps the table was built from */
  double span_s;       /* between them, from the timeline */
  site *sites;
  size_t nsites;
} growth;

/* Bytes in use per site (the frame that called the allocator) in newer
 * minus older (or in newer alone), largest first. */
static void build_growth(growth *gr, const char *newer, const char *older, bool symbolize) {
  profile p = {0};
  heap_dump *d = heap_dump_load(newer);
  profile_add_dump(&p, d, +1, false);
  if (older)
    profile_add_dump(&p, heap_dump_load(older), -1, false);
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
    const char *name = s->frames[0]->name;
    size_t at = strmap_get(&index, name);
    if (at == (size_t)-1) {
      GROW(gr->sites, cap, gr->nsites);
      gr->sites[gr->nsites] = (site){name, 0, 0, 0};
      strmap_put(&index, name, gr->nsites);
      at = gr->nsites++;
    }
    gr->sites[at].v += s->v[M_INUSE_SPACE];
    gr->sites[at].var += errors_variance(&p, s, M_INUSE_SPACE);
    gr->sites[at].k += errors_count(s, M_INUSE_SPACE);
  }
  strmap_free(&index);
  if (gr->nsites)
    qsort(gr->sites, gr->nsites, sizeof(site), by_value_desc);
}

static const char *bytes(double v, char *buf, size_t n) { return human_bytes(v, buf, n); }

/* One block of the view. */
static void show(FILE *out, const timeline *t, const growth *gr, const watch_options *o,
                 int running) {
  char a[32], b[32], c[32], d[32], e[32];
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
    fprintf(out, "at %.1fs: heap in use %s", last->t_ms / 1000, bytes(last->heap_inuse, a, sizeof a));
    if (dt > 0)
      fprintf(out, " (%s%s/s over %.1fs)", last->heap_inuse >= prev->heap_inuse ? "+" : "",
              bytes((last->heap_inuse - prev->heap_inuse) / dt, b, sizeof b), dt);
    fprintf(out, ", %.0f allocations/s\n", last->allocs_per_s);
    if (last->overhead)
      fprintf(out, "Sleuth's overhead %s (quarantine %s, shadow %s, depot %s), RSS %s\n",
              bytes(last->quarantine + last->shadow + last->depot, a, sizeof a),
              bytes(last->quarantine, b, sizeof b), bytes(last->shadow, c, sizeof c),
              bytes(last->depot, d, sizeof d), bytes(last->rss_anon + last->rss_file, e, sizeof e));
    else
      fprintf(out, "RSS %s\n", bytes(last->rss_anon + last->rss_file, a, sizeof a));
  }
  if (!gr->newer) {
    fputs("no dump yet (heap_profile_interval_s, SIGUSR2 or sleuth_heap_profile_dump write them)\n",
          out);
  } else {
    if (gr->older)
      fprintf(out, "top growing sites, %s -> %s (%.1fs):\n", base_name(gr->older),
              base_name(gr->newer), gr->span_s);
    else
      fprintf(out, "top sites in use, %s (one dump so far):\n", base_name(gr->newer));
    size_t shown = 0;
    for (size_t i = 0; i < gr->nsites && shown < o->top; i++) {
      if (gr->older && gr->sites[i].v <= 0)
        break;
      /* The estimate, its 2-sigma half-width and the samples behind it;
       * '~' marks a growth no larger than its noise. */
      const site *st = &gr->sites[i];
      double e = errors_two_sigma(st->var);
      fprintf(out, "  %12s +-%10s %6.0f samples%s", bytes(st->v, a, sizeof a),
              bytes(e, c, sizeof c), st->k, gr->older && fabs(st->v) <= e ? "~" : " ");
      if (gr->older && gr->span_s > 0)
        fprintf(out, "  %12s/s", bytes(st->v / gr->span_s, b, sizeof b));
      fprintf(out, "  %s\n", st->name);
      shown++;
    }
    if (!shown)
      fputs("  (nothing grew)\n", out);
  }
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
  timeline_free(first);
  growth gr = {0};
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
    /* The two newest dumps that still exist (retention may delete). */
    char *newer = NULL, *older = NULL;
    double tn = 0, to = 0;
    for (size_t i = t->ndumps; i-- > 0 && !older;) {
      char *p = find_dump(t->dumps[i].path, path);
      if (!p)
        continue;
      if (!newer)
        newer = p, tn = t->dumps[i].t_ms;
      else
        older = p, to = t->dumps[i].t_ms;
    }
    if (newer && (!gr.newer || strcmp(newer, gr.newer) != 0)) {
      free(gr.newer);
      free(gr.older);
      free(gr.sites);
      gr.newer = newer;
      gr.older = older;
      gr.span_s = (tn - to) / 1000;
      build_growth(&gr, newer, older, o->symbolize);
    } else {
      free(newer);
      free(older);
    }
    if (tty)
      fputs("\033[H\033[2J", stdout);
    show(stdout, t, &gr, o, running);
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
