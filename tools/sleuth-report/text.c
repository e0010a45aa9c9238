#include "text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "growth_hint.h"
#include "util.h"

typedef struct {
  const char *key;
  double flat, cum;
  double flat_var, flat_k; /* error bars of flat */
} func_row;

void print_value(FILE *out, double v, metric m) {
  fprintf(out, "%.0f %s", whole(v), metric_is_space(m) ? "bytes" : "objects");
}

static double pct(double v, double total) { return total != 0 ? 100.0 * v / total : 0; }

static int by_flat(const void *a, const void *b) {
  const func_row *x = a, *y = b;
  if (x->flat != y->flat)
    return x->flat < y->flat ? 1 : -1;
  if (x->cum != y->cum)
    return x->cum < y->cum ? 1 : -1;
  return strcmp(x->key, y->key);
}

static char *frame_key(const frame *f, bool lines) {
  strbuf b = {0};
  sb_puts(&b, f->name);
  if (lines && f->file)
    sb_printf(&b, " %s:%d", f->file, f->line);
  return sb_take(&b);
}

static void heading(FILE *out, const profile *p, const text_options *o, double total) {
  fprintf(out, "File: %s\n", o->file);
  if (o->base)
    fprintf(out, "Base: %s (values are the growth since the base)\n", o->base);
  if (p->interval <= 1)
    fprintf(out, "Type: %s, sample interval 1 byte (exact counts)\n", metric_names[o->m]);
  else if (!metric_is_space(o->m) && p->unbiased_objects)
    fprintf(out, "Type: %s, sample interval %.0f bytes (estimates, unbiased: each sample "
                 "counts 1/p objects, p its size's chance to be sampled)\n",
            metric_names[o->m], p->interval);
  else
    fprintf(out, "Type: %s, sample interval %.0f bytes (estimates, scaled as jeprof does)\n",
            metric_names[o->m], p->interval);
  fputs("Total: ", out);
  print_value(out, total, o->m);
  if (metric_is_space(o->m)) {
    char h[32];
    fprintf(out, " (%s)", human_bytes(total, h, sizeof(h)));
  }
  /* Sampled: the total's 2 sigma and the samples behind it (exact
   * profiles have no error, and keep the line as it was). */
  if (o->errors && p->interval > 1) {
    double k = 0;
    for (size_t i = 0; i < p->nsamples; i++)
      k += errors_count(&p->samples[i], o->m);
    fprintf(out, " +- %.0f (2 sigma, %.0f samples)",
            whole(errors_two_sigma(errors_total_variance(p, o->m))), k);
  }
  fputc('\n', out);
}

/* The function table for the samples of one thread (THREAD_ALL: all). */
static void function_table(FILE *out, const profile *p, const text_options *o, bool one_thread,
                           long thread, double total) {
  strmap index = {0};
  func_row *rows = NULL;
  size_t nrows = 0, cap = 0;
  char **keys = NULL;
  size_t kcap = 0;
  for (size_t i = 0; i < p->nsamples; i++) {
    const sample *s = &p->samples[i];
    if (one_thread && s->thread != thread)
      continue;
    double v = s->v[o->m];
    /* Stacks whose blocks were all freed stay in a dump (their cumulative
     * counts); in an in-use view they are noise, as in jeprof. */
    if (v == 0)
      continue;
    GROW(keys, kcap, s->nframes);
    for (size_t k = 0; k < s->nframes; k++) {
      keys[k] = frame_key(s->frames[k], o->lines);
      size_t r = strmap_get(&index, keys[k]);
      if (r == (size_t)-1) {
        GROW(rows, cap, nrows);
        r = nrows++;
        rows[r].key = xstrdup(keys[k]);
        strmap_put(&index, keys[k], r);
      }
      if (k == 0) {
        rows[r].flat += v;
        rows[r].flat_var += errors_variance(p, s, o->m);
        rows[r].flat_k += errors_count(s, o->m);
      }
      /* Recursion: a function counts once per stack in cum. */
      bool again = false;
      for (size_t j = 0; j < k && !again; j++)
        again = strcmp(keys[j], keys[k]) == 0;
      if (!again)
        rows[r].cum += v;
    }
    for (size_t k = 0; k < s->nframes; k++)
      free(keys[k]);
  }
  free(keys);
  strmap_free(&index);
  qsort(rows, nrows, sizeof(*rows), by_flat);
  size_t shown = o->top && o->top < nrows ? o->top : nrows;
  fprintf(out, "Showing %s%zu of %zu %s\n", shown < nrows ? "top " : "", shown, nrows,
          o->lines ? "lines" : "functions");
  if (o->errors)
    fprintf(out, "%12s %7s %7s %12s %7s %12s %8s\n", "flat", "flat%", "sum%", "cum", "cum%",
            "flat+-2s", "samples");
  else
    fprintf(out, "%12s %7s %7s %12s %7s\n", "flat", "flat%", "sum%", "cum", "cum%");
  double sum = 0;
  for (size_t r = 0; r < shown; r++) {
    sum += rows[r].flat;
    fprintf(out, "%12.0f %6.2f%% %6.2f%% %12.0f %6.2f%%", whole(rows[r].flat),
            pct(rows[r].flat, total), pct(sum, total), whole(rows[r].cum),
            pct(rows[r].cum, total));
    if (o->errors) {
      double e = errors_two_sigma(rows[r].flat_var);
      /* '~': a growth (or a value) no larger than its noise */
      fprintf(out, " %12.0f %7.0f%s", whole(e), rows[r].flat_k,
              o->base && rows[r].flat_k > 0 && fabs(rows[r].flat) <= e ? "~" : " ");
    }
    fprintf(out, "  %s\n", rows[r].key);
  }
  /* A growth within its noise, unmarked because the columns are off: say
   * so where it does not change the report's layout. */
  size_t noisy = 0;
  size_t flat_rows = 0;
  for (size_t r = 0; o->base && r < shown; r++) {
    flat_rows += rows[r].flat_k > 0;
    noisy += rows[r].flat_k > 0 && fabs(rows[r].flat) <= errors_two_sigma(rows[r].flat_var);
  }
  if (noisy && !o->errors)
    fprintf(stderr,
            "sleuth-report: note: the growth of %zu of the %zu %s shown is within its sampling "
            "noise (2 sigma); --error-bars shows which\n",
            noisy, shown, o->lines ? "lines" : "functions");
  /* All of it, or no sample at all at a coarse interval (a first run's
   * 512 KiB): the dumps cannot say what grows; say what would. */
  if (o->base && noisy == flat_rows && (noisy || p->interval > 65536))
    growth_hint(stderr, p->interval, false);
  for (size_t r = 0; r < nrows; r++)
    free((char *)rows[r].key);
  free(rows);
}

void text_report(FILE *out, const profile *p, const text_options *o) {
  double total = profile_total(p, o->m);
  heading(out, p, o, total);
  function_table(out, p, o, false, THREAD_ALL, total);
}

static const profile *sort_profile;
static metric sort_metric;

static int by_value(const void *a, const void *b) {
  const sample *x = &sort_profile->samples[*(const size_t *)a];
  const sample *y = &sort_profile->samples[*(const size_t *)b];
  double vx = x->v[sort_metric], vy = y->v[sort_metric];
  if (vx != vy)
    return vx < vy ? 1 : -1;
  return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static void print_thread(FILE *out, long t) {
  if (t == THREAD_ALL)
    fputs("all threads", out);
  else
    fprintf(out, "thread T%ld", t);
}

void text_stacks(FILE *out, const profile *p, const text_options *o) {
  double total = profile_total(p, o->m);
  heading(out, p, o, total);
  size_t *order = xmalloc(p->nsamples * sizeof(size_t));
  size_t nonzero = 0; /* zero-valued stacks left out, as in function_table */
  for (size_t i = 0; i < p->nsamples; i++)
    if (p->samples[i].v[o->m] != 0)
      order[nonzero++] = i;
  sort_profile = p;
  sort_metric = o->m;
  qsort(order, nonzero, sizeof(size_t), by_value);
  size_t shown = o->top && o->top < nonzero ? o->top : nonzero;
  fprintf(out, "Showing %s%zu of %zu stacks\n", shown < nonzero ? "top " : "", shown, nonzero);
  for (size_t r = 0; r < shown; r++) {
    const sample *s = &p->samples[order[r]];
    fputc('\n', out);
    print_value(out, s->v[o->m], o->m);
    if (o->errors) {
      double e = errors_two_sigma(errors_variance(p, s, o->m)), k = errors_count(s, o->m);
      fprintf(out, " +- %.0f [%.0f samples%s]", whole(e), k,
              o->base && k > 0 && fabs(s->v[o->m]) <= e ? ", within the noise" : "");
    }
    fprintf(out, " (%.2f%%) in ", pct(s->v[o->m], total));
    print_value(out, s->v[metric_is_space(o->m) ? o->m + 1 : o->m - 1],
                metric_is_space(o->m) ? o->m + 1 : o->m - 1);
    fputs(", ", out);
    print_thread(out, s->thread);
    fputs(":\n", out);
    for (size_t k = 0; k < s->nframes; k++) {
      const frame *f = s->frames[k];
      fprintf(out, "    #%zu %s", k, f->name);
      if (f->file)
        fprintf(out, " %s:%d", f->file, f->line);
      fputc('\n', out);
    }
  }
  free(order);
}

typedef struct {
  long thread;
  double v;
} thread_row;

static int by_thread_value(const void *a, const void *b) {
  const thread_row *x = a, *y = b;
  if (x->v != y->v)
    return x->v < y->v ? 1 : -1;
  return x->thread < y->thread ? -1 : x->thread > y->thread;
}

void text_threads(FILE *out, const profile *p, const text_options *o) {
  double total = profile_total(p, o->m);
  heading(out, p, o, total);
  thread_row *rows = NULL;
  size_t n = 0, cap = 0;
  for (size_t i = 0; i < p->nsamples; i++) {
    const sample *s = &p->samples[i];
    size_t r = 0;
    while (r < n && rows[r].thread != s->thread)
      r++;
    if (r == n) {
      GROW(rows, cap, n);
      rows[n++] = (thread_row){s->thread, 0};
    }
    rows[r].v += s->v[o->m];
  }
  qsort(rows, n, sizeof(*rows), by_thread_value);
  for (size_t r = 0; r < n; r++) {
    fputc('\n', out);
    if (rows[r].thread == THREAD_ALL)
      fputs("Stacks without per-thread lines: ", out);
    else
      fprintf(out, "Thread T%ld: ", rows[r].thread);
    print_value(out, rows[r].v, o->m);
    fprintf(out, " (%.2f%% of total)\n", pct(rows[r].v, total));
    function_table(out, p, o, true, rows[r].thread, total);
  }
  free(rows);
}
