#include "lifetimes.h"

#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "util.h"

typedef struct {
  const sample *s;
  double temp, temp_e, lng, lng_e, live, live_e;
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

/* The site: the innermost three frames, "name file:line < caller ...". */
static void print_site(FILE *out, const sample *s) {
  size_t n = s->nframes < 3 ? s->nframes : 3;
  for (size_t k = 0; k < n; k++) {
    const frame *f = s->frames[k];
    fprintf(out, "%s%s", k ? " < " : "", f->name);
    if (f->file)
      fprintf(out, " %s:%d", base_name(f->file), f->line);
  }
  if (s->nframes > n)
    fputs(" < ...", out);
  fputc('\n', out);
}

static void table(FILE *out, life_row *rows, size_t n, size_t top, double secs, bool churn) {
  sort_key = churn ? churn_key : retention_key;
  qsort(rows, n, sizeof(*rows), by_key);
  size_t shown = 0;
  fprintf(out, "%s\n", churn ? "By churn (temporary bytes per second):"
                             : "By retention (bytes still live at the dump, then long-lived):");
  fprintf(out, "%12s %12s %10s %5s %12s %10s %5s %12s %10s %5s %12s  %s\n", "temp/s", "temporary",
          "+-2s", "n", "long-lived", "+-2s", "n", "live", "+-2s", "n", "alloc/s", "site");
  for (size_t i = 0; i < n && (!top || shown < top); i++) {
    const life_row *r = &rows[i];
    if (churn ? r->temp <= 0 : r->live <= 0 && r->lng <= 0)
      continue;
    shown++;
    fprintf(out, "%12.0f %12.0f %10.0f %5.0f %12.0f %10.0f %5.0f %12.0f %10.0f %5.0f %12.0f  ",
            whole(r->temp / secs), whole(r->temp), whole(r->temp_e), r->s->life.k[L_TEMP],
            whole(r->lng), whole(r->lng_e), r->s->life.k[L_LONG], whole(r->live),
            whole(r->live_e), r->s->kpos[M_INUSE_SPACE], whole(r->s->v[M_ALLOC_SPACE] / secs));
    print_site(out, r->s);
  }
  if (!shown)
    fputs("  (none)\n", out);
}

void lifetimes_report(FILE *out, const profile *p, const heap_dump *d, size_t top) {
  if (!d->has_life)
    die_input(d->path, 0, "no lifetime data (no '# lifetimes' line: a jemalloc dump, or one "
                          "from a Sleuth runtime before lifetime classes)");
  double secs = d->uptime_ms > 0 ? d->uptime_ms / 1000 : 0.001;
  life_row *rows = xcalloc(p->nsamples ? p->nsamples : 1, sizeof(*rows));
  double tot[3] = {0}, var[3] = {0}, k[3] = {0};
  for (size_t i = 0; i < p->nsamples; i++) {
    const sample *s = &p->samples[i];
    life_row *r = &rows[i];
    r->s = s;
    r->temp = s->life.bytes[L_TEMP];
    r->temp_e = errors_two_sigma(s->life.var[L_TEMP]);
    r->lng = s->life.bytes[L_LONG];
    r->lng_e = errors_two_sigma(s->life.var[L_LONG]);
    r->live = s->v[M_INUSE_SPACE];
    r->live_e = errors_two_sigma(errors_variance(p, s, M_INUSE_SPACE));
    double v[3] = {r->temp, r->lng, r->live};
    double vv[3] = {s->life.var[L_TEMP], s->life.var[L_LONG],
                    errors_variance(p, s, M_INUSE_SPACE)};
    double kk[3] = {s->life.k[L_TEMP], s->life.k[L_LONG], s->kpos[M_INUSE_SPACE]};
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
  fputc('\n', out);
  table(out, rows, p->nsamples, top, secs, true);
  fputc('\n', out);
  table(out, rows, p->nsamples, top, secs, false);
  free(rows);
}
