#include "peak.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "util.h"

/* One allocation site (innermost frame: function and line) at the peak. */
typedef struct {
  const sample *s; /* its first stack */
  double bytes, bytes_var, objs, objs_var, k, calls;
} peak_row;

static int by_bytes(const void *a, const void *b) {
  const peak_row *x = a, *y = b;
  if (x->bytes != y->bytes)
    return x->bytes < y->bytes ? 1 : -1;
  return x < y ? -1 : x > y;
}

static char *site_key(const frame *f) {
  strbuf b = {0};
  sb_puts(&b, f->name);
  if (f->file)
    sb_printf(&b, " %s:%d", f->file, f->line);
  return sb_take(&b);
}

static void print_site(FILE *out, const frame *f) {
  fputs(f->name, out);
  if (f->file)
    fprintf(out, " %s:%d", base_name(f->file), f->line);
  if (f->module)
    fprintf(out, " (%s)", base_name(f->module));
}

/* The exact high-water mark: the largest heap in use of the timeline's
 * samples (the runtime's counters, every heap_profile_timeline_ms). A top
 * shorter than that interval falls between two samples: when the sampled
 * estimate of the peak lies above the timeline's by more than its error
 * bar, say so. */
static void timeline_peak(FILE *out, const timeline *tl, double est, double est_2s) {
  const timeline_sample *best = NULL;
  for (size_t i = 0; i < tl->nsamples; i++)
    if (!best || tl->samples[i].heap_inuse > best->heap_inuse)
      best = &tl->samples[i];
  if (!best) {
    fprintf(out, "High-water mark: the timeline %s has no samples (heap_profile_timeline_ms=0?)\n",
            tl->path);
    return;
  }
  char h[32];
  double every = tl->nsamples > 1 ? (tl->samples[tl->nsamples - 1].t_ms - tl->samples[0].t_ms) /
                                        (double)(tl->nsamples - 1)
                                  : 0;
  fprintf(out, "High-water mark: %s (%.0f bytes) in use at %.3f s (exact counters, the highest of "
               "the timeline's %zu samples, about every %.0f ms: %s)\n",
          human_bytes(best->heap_inuse, h, sizeof(h)), best->heap_inuse, best->t_ms / 1000,
          tl->nsamples, every, tl->path);
  if (est - est_2s > best->heap_inuse) {
    if (est_2s > 0)
      fprintf(out, "  The top fell between two timeline samples: the samples' estimate below "
                   "(%.0f +- %.0f bytes) is higher\n",
              whole(est), whole(est_2s));
    else
      fprintf(out, "  The top fell between two timeline samples: the recorded live heap below "
                   "(%.0f bytes) is higher\n",
              whole(est));
  }
}

void peak_report(FILE *out, const profile *p, const heap_dump *d, const timeline *tl,
                 size_t top) {
  if (!d->has_peak)
    die_input(d->path, 0, "no peak data (no '# peak' line: a jemalloc dump, or one from a "
                          "Sleuth runtime before the peak snapshot)");
  strmap index = {0};
  peak_row *rows = xcalloc(p->nsamples ? p->nsamples : 1, sizeof(*rows));
  size_t n = 0;
  double tb = 0, tbv = 0, to = 0, tov = 0, tk = 0;
  for (size_t i = 0; i < p->nsamples; i++) {
    const sample *s = &p->samples[i];
    if (!s->nframes)
      continue; /* a stack with nothing at the peak still adds its calls */
    char *key = site_key(s->frames[0]);
    size_t at = strmap_get(&index, key);
    if (at == (size_t)-1) {
      strmap_put(&index, key, n);
      at = n++;
      rows[at].s = s;
    }
    free(key);
    peak_row *r = &rows[at];
    r->bytes += s->peak_bytes;
    r->bytes_var += s->peak_bytes_var;
    r->objs += s->peak_objs;
    r->objs_var += s->peak_objs_var;
    r->k += s->peak_k;
    r->calls += s->v[M_ALLOC_OBJECTS];
    tb += s->peak_bytes, tbv += s->peak_bytes_var, to += s->peak_objs, tov += s->peak_objs_var;
    tk += s->peak_k;
  }
  strmap_free(&index);
  size_t held = 0; /* the sites that held something at the peak */
  for (size_t i = 0; i < n; i++)
    if (rows[i].k > 0)
      rows[held++] = rows[i];
  n = held;
  qsort(rows, n, sizeof(*rows), by_bytes);
  bool exact = p->interval <= 1;
  char h[32], h2[32];
  fprintf(out, "File: %s\n", d->path);
  if (d->inuse_max >= 0)
    fprintf(out, "High-water mark: %s (%.0f bytes) in use at %.3f s (exact counters, the "
                 "runtime's in-use watch: within 64 KiB per thread)\n",
            human_bytes(d->inuse_max, h, sizeof(h)), d->inuse_max, d->inuse_max_ms / 1000);
  else if (tl)
    timeline_peak(out, tl, tb, errors_two_sigma(tbv));
  else
    fputs("High-water mark: no timeline beside the dump (give <prefix>.<pid>.timeline for the "
          "exact figure)\n",
          out);
  fprintf(out, "%s heap at its highest: %s at %.3f s", exact ? "Recorded live" : "Sampled estimate of the live",
          human_bytes(d->peak_bytes, h, sizeof(h)), d->peak_ms / 1000);
  if (d->snap_bytes == d->peak_bytes && d->snap_ms == d->peak_ms)
    fputs(": the sites below held it then\n", out);
  else
    fprintf(out, "; the sites below are a snapshot taken at %s, %.3f s\n",
            human_bytes(d->snap_bytes, h2, sizeof(h2)), d->snap_ms / 1000);
  if (exact)
    fputs("Every allocation recorded (heap_profile_sample=1): exact bytes, objects and calls\n",
          out);
  else
    fprintf(out, "Sample interval %.0f bytes: estimates, +-2s = 2 sigma, n = samples at the "
                 "peak; calls = allocations since start (estimated; exact with "
                 "heap_profile_sample=1)\n",
            p->interval);

  fprintf(out, "At the peak: %s (%.0f bytes) +- %.0f in %.0f objects +- %.0f [%.0f samples], %zu "
               "sites\n\n",
          human_bytes(tb, h, sizeof(h)), whole(tb), whole(errors_two_sigma(tbv)), whole(to),
          whole(errors_two_sigma(tov)), tk, n);
  fprintf(out, "%12s %7s %10s %10s %10s %6s %12s  %s\n", "bytes", "share", "+-2s", "objects",
          "+-2s", "n", "calls", "site (caller of the allocator)");
  size_t shown = top && top < n ? top : n;
  for (size_t i = 0; i < shown; i++) {
    const peak_row *r = &rows[i];
    fprintf(out, "%12.0f %6.2f%% %10.0f %10.0f %10.0f %6.0f %12.0f  ", whole(r->bytes),
            tb > 0 ? 100 * r->bytes / tb : 0, whole(errors_two_sigma(r->bytes_var)),
            whole(r->objs), whole(errors_two_sigma(r->objs_var)), r->k, whole(r->calls));
    print_site(out, r->s->frames[0]);
    fputc('\n', out);
  }
  if (shown < n)
    fprintf(out, "(%zu more sites)\n", n - shown);
  free(rows);
}

void sizes_report(FILE *out, const heap_dump *d) {
  if (!d->nsizes)
    die_input(d->path, 0, "no allocation sizes (no '# size' lines: a jemalloc dump, or one "
                          "from a Sleuth runtime before the size classes)");
  double total = 0, var = 0, k = 0, most = 0;
  for (size_t i = 0; i < d->nsizes; i++) {
    total += d->sizes[i].est;
    var += d->sizes[i].var;
    k += d->sizes[i].samples;
    if (d->sizes[i].est > most)
      most = d->sizes[i].est;
  }
  bool exact = d->interval <= 1;
  fprintf(out, "File: %s\n", d->path);
  fprintf(out, "Allocation sizes since start (requested bytes): %.0f allocations", whole(total));
  if (exact)
    fputs(" (every allocation recorded: exact)\n", out);
  else
    fprintf(out, " +- %.0f (2 sigma), estimated from %.0f samples, one per %.0f bytes "
                 "allocated; each sample counts 1/p allocations of its size\n",
            whole(errors_two_sigma(var)), k, d->interval);
  fprintf(out, "%23s %12s %10s %6s %7s  %s\n", "size (bytes)", "allocations", "+-2s", "n", "share",
          "");
  for (size_t i = 0; i < d->nsizes; i++) {
    const size_class *c = &d->sizes[i];
    char range[64];
    if (c->lo <= 1)
      snprintf(range, sizeof(range), "%.0f", c->lo);
    else
      snprintf(range, sizeof(range), "%.0f - %.0f", c->lo, 2 * c->lo - 1);
    fprintf(out, "%23s %12.0f %10.0f %6.0f %6.2f%%  ", range, whole(c->est),
            whole(errors_two_sigma(c->var)), c->samples, total > 0 ? 100 * c->est / total : 0);
    int bar = most > 0 ? (int)lround(40 * c->est / most) : 0;
    for (int b = 0; b < bar; b++)
      fputc('#', out);
    fputc('\n', out);
  }
}
