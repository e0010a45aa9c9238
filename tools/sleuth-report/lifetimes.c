#include "lifetimes.h"

#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "util.h"

/* One row: the stacks whose innermost frame is the same function and
 * source line, summed (inlined copies of one allocation site are
 * different stacks, and would otherwise be rows that read the same). */
typedef struct {
  const sample *s;  /* the first stack of the row */
  size_t nstacks;   /* stacks summed into the row */
  size_t common;    /* frames from the innermost that all its stacks share */
  double temp, temp_var, temp_k, lng, lng_var, lng_k, live, live_var, live_k, alloc;
} life_row;

static double churn_key(const life_row *r) { return r->temp; }
static double retention_key(const life_row *r) { return r->live; }
static double (*sort_key)(const life_row *);

static int by_key(const void *a, const void *b) {
  const life_row *x = a, *y = b;
  double kx = sort_key(x), ky = sort_key(y);
  if (kx != ky)
    return kx < ky ? 1 : -1;
  /* retention ties (both 0 live): the longer-lived first */
  if (x->lng != y->lng)
    return x->lng < y->lng ? 1 : -1;
  return x < y ? -1 : x > y;
}

static bool same_frame(const frame *a, const frame *b) {
  return strcmp(a->name, b->name) == 0 && a->line == b->line &&
         (a->file && b->file ? strcmp(a->file, b->file) == 0 : a->file == b->file);
}

/* "function file:line" of a frame (the row's key). */
static char *frame_key(const frame *f) {
  strbuf b = {0};
  sb_puts(&b, f->name);
  if (f->file)
    sb_printf(&b, " %s:%d", f->file, f->line);
  return sb_take(&b);
}

/* The site: the innermost three frames its stacks share, "name file:line
 * < caller ..."; where they part, how many stacks the row sums. */
static void print_site(FILE *out, const life_row *r) {
  const sample *s = r->s;
  size_t n = r->common < 3 ? r->common : 3;
  for (size_t k = 0; k < n; k++) {
    const frame *f = s->frames[k];
    fprintf(out, "%s%s", k ? " < " : "", f->name);
    if (f->file)
      fprintf(out, " %s:%d", base_name(f->file), f->line);
  }
  if (r->common < 3 && r->nstacks > 1)
    fprintf(out, " < %zu call paths", r->nstacks);
  else if (s->nframes > n)
    fputs(" < ...", out);
  fputc('\n', out);
}

static void table(FILE *out, life_row *rows, size_t n, size_t top, double secs, bool churn) {
  sort_key = churn ? churn_key : retention_key;
  qsort(rows, n, sizeof(*rows), by_key);
  size_t shown = 0;
  fprintf(out, "%s\n", churn ? "By churn (temporary bytes per second):"
                             : "By retention (bytes still live at the dump, then long-lived):");
  fprintf(out, "%12s %12s %10s %5s %12s %10s %5s %12s %10s %5s %12s  %s\n", "temp B/s",
          "temporary B", "+-2s", "n", "long-lived B", "+-2s", "n", "live B", "+-2s", "n",
          "alloc B/s", "site");
  for (size_t i = 0; i < n && (!top || shown < top); i++) {
    const life_row *r = &rows[i];
    if (churn ? r->temp <= 0 : r->live <= 0 && r->lng <= 0)
      continue;
    shown++;
    fprintf(out, "%12.0f %12.0f %10.0f %5.0f %12.0f %10.0f %5.0f %12.0f %10.0f %5.0f %12.0f  ",
            whole(r->temp / secs), whole(r->temp), whole(errors_two_sigma(r->temp_var)),
            r->temp_k, whole(r->lng), whole(errors_two_sigma(r->lng_var)), r->lng_k,
            whole(r->live), whole(errors_two_sigma(r->live_var)), r->live_k,
            whole(r->alloc / secs));
    print_site(out, r);
  }
  if (!shown)
    fputs("  (none)\n", out);
}

/* The rows: samples summed by their innermost frame's function and line. */
static life_row *group_rows(const profile *p, size_t *nrows) {
  life_row *rows = xcalloc(p->nsamples ? p->nsamples : 1, sizeof(*rows));
  strmap index = {0};
  size_t n = 0;
  for (size_t i = 0; i < p->nsamples; i++) {
    const sample *s = &p->samples[i];
    if (!s->nframes)
      continue;
    char *key = frame_key(s->frames[0]);
    size_t at = strmap_get(&index, key);
    life_row *r;
    if (at == (size_t)-1) {
      strmap_put(&index, key, n);
      r = &rows[n++];
      r->s = s;
      r->common = s->nframes;
    } else {
      r = &rows[at];
      size_t c = 0;
      while (c < r->common && c < s->nframes && same_frame(r->s->frames[c], s->frames[c]))
        c++;
      r->common = c;
    }
    free(key);
    r->nstacks++;
    r->temp += s->life.bytes[L_TEMP];
    r->temp_var += s->life.var[L_TEMP];
    r->temp_k += s->life.k[L_TEMP];
    r->lng += s->life.bytes[L_LONG];
    r->lng_var += s->life.var[L_LONG];
    r->lng_k += s->life.k[L_LONG];
    r->live += s->v[M_INUSE_SPACE];
    r->live_var += errors_variance(p, s, M_INUSE_SPACE);
    r->live_k += s->kpos[M_INUSE_SPACE];
    r->alloc += s->v[M_ALLOC_SPACE];
  }
  strmap_free(&index);
  *nrows = n;
  return rows;
}

void lifetimes_report(FILE *out, const profile *p, const heap_dump *d, size_t top) {
  if (!d->has_life)
    die_input(d->path, 0, "no lifetime data (no '# lifetimes' line: a jemalloc dump, or one "
                          "from a Sleuth runtime before lifetime classes)");
  double secs = d->uptime_ms > 0 ? d->uptime_ms / 1000 : 0.001;
  size_t nrows;
  life_row *rows = group_rows(p, &nrows);
  double tot[3] = {0}, var[3] = {0}, k[3] = {0};
  for (size_t i = 0; i < nrows; i++) {
    const life_row *r = &rows[i];
    double v[3] = {r->temp, r->lng, r->live};
    double vv[3] = {r->temp_var, r->lng_var, r->live_var};
    double kk[3] = {r->temp_k, r->lng_k, r->live_k};
    for (int c = 0; c < 3; c++)
      tot[c] += v[c], var[c] += vv[c], k[c] += kk[c];
  }
  fprintf(out, "File: %s\n", d->path);
  fprintf(out, "Lifetimes: temporary = freed within %.0f ms of allocation, long-lived = freed "
               "later, live = not freed at the dump, %.3f s after start\n",
          d->temporary_ms, d->uptime_ms / 1000);
  if (p->interval <= 1)
    fputs("Sample interval 1 byte: exact counts (+-2s is 0)\n", out);
  else
    fprintf(out, "Sample interval %.0f bytes: estimates scaled as jeprof does, +-2s = 2 sigma "
                 "of the estimate, n = samples\n",
            p->interval);
  static const char *const names[3] = {"temporary", "long-lived", "live"};
  fputs("Total:", out);
  for (int c = 0; c < 3; c++) {
    char h[32];
    fprintf(out, "%s %s %.0f bytes (%s) +- %.0f [%.0f]", c ? "," : "", names[c], whole(tot[c]),
            human_bytes(tot[c], h, sizeof(h)), whole(errors_two_sigma(var[c])), k[c]);
  }
  fputc('\n', out);
  fputs("B = bytes; rows are allocation sites (function and line), summed over the stacks "
       "that reach them\n\n", out);
  table(out, rows, nrows, top, secs, true);
  fputc('\n', out);
  table(out, rows, nrows, top, secs, false);
  free(rows);
}
