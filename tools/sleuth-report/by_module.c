#include "by_module.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "util.h"

typedef struct {
  char *name;
  double v, var, k;
} group;

static int by_value(const void *a, const void *b) {
  const group *x = a, *y = b;
  if (x->v != y->v)
    return x->v < y->v ? 1 : -1;
  return strcmp(x->name, y->name);
}

/* The group of a sample: the module of its innermost frame (the caller of
 * the allocator), or the directory of its innermost frame with a file. */
static char *group_of(const sample *s, bool by_dir) {
  if (!by_dir)
    return xstrdup(s->nframes && s->frames[0]->module ? s->frames[0]->module : "[unknown module]");
  for (size_t k = 0; k < s->nframes; k++) {
    const char *f = s->frames[k]->file;
    if (f) {
      const char *slash = strrchr(f, '/');
      return slash ? xstrndup(f, (size_t)(slash - f) + 1) : xstrdup("./");
    }
  }
  return xstrdup("[no source file]");
}

static void print_duration(FILE *out, double s) {
  if (s < 120)
    fprintf(out, "%.1f s", s);
  else if (s < 2 * 3600)
    fprintf(out, "%.1f min", s / 60);
  else if (s < 2 * 86400)
    fprintf(out, "%.1f h", s / 3600);
  else
    fprintf(out, "%.1f days", s / 86400);
}

void by_module_report(FILE *out, const profile *p, const module_options *o) {
  strmap index = {0};
  group *g = NULL;
  size_t n = 0, cap = 0;
  for (size_t i = 0; i < p->nsamples; i++) {
    char *name = group_of(&p->samples[i], o->by_dir);
    size_t at = strmap_get(&index, name);
    if (at == (size_t)-1) {
      GROW(g, cap, n);
      at = n++;
      g[at].name = name;
      strmap_put(&index, name, at);
    } else {
      free(name);
    }
    g[at].v += p->samples[i].v[o->m];
    g[at].var += errors_variance(p, &p->samples[i], o->m);
    g[at].k += errors_count(&p->samples[i], o->m);
  }
  strmap_free(&index);
  qsort(g, n, sizeof(*g), by_value);
  double total = profile_total(p, o->m);
  bool rate = o->span_s > 0;
  const char *unit = metric_is_space(o->m) ? "bytes" : "objects";

  fprintf(out, "%s by %s (%s)", o->growth ? "Growth" : "In use", o->by_dir ? "source directory" : "module",
          metric_names[o->m]);
  if (rate)
    fprintf(out, " over %.3f s (%s)\n", o->span_s, o->span_how);
  else
    fprintf(out, "; no time span known (%s), so no rates\n", o->span_how);
  fprintf(out, "%14s %14s %8s", unit, rate ? (metric_is_space(o->m) ? "bytes/s" : "objects/s") : "",
          "share");
  if (o->errors)
    fprintf(out, " %12s %8s", "+-2s", "samples");
  fprintf(out, "  %s\n", o->by_dir ? "directory" : "module");
  for (size_t i = 0; i < n; i++) {
    fprintf(out, "%14.0f ", whole(g[i].v));
    if (rate)
      fprintf(out, "%14.1f ", g[i].v / o->span_s);
    else
      fprintf(out, "%14s ", "");
    fprintf(out, "%7.2f%%", total ? 100 * g[i].v / total : 0);
    if (o->errors) {
      double e = errors_two_sigma(g[i].var);
      fprintf(out, " %12.0f %7.0f%s", whole(e), g[i].k, o->growth && fabs(g[i].v) <= e ? "~" : " ");
    }
    fprintf(out, "  %s\n", g[i].name);
    free(g[i].name);
  }
  fprintf(out, "%14.0f ", whole(total));
  if (rate)
    fprintf(out, "%14.1f ", total / o->span_s);
  else
    fprintf(out, "%14s ", "");
  fprintf(out, "%7.2f%%", total ? 100.0 : 0);
  if (o->errors) {
    double var = errors_total_variance(p, o->m), k = 0, e = errors_two_sigma(var);
    for (size_t i = 0; i < p->nsamples; i++)
      k += errors_count(&p->samples[i], o->m);
    fprintf(out, " %12.0f %7.0f%s", whole(e), k, o->growth && fabs(total) <= e ? "~" : " ");
  }
  fputs("  total\n", out);
  free(g);

  if (o->limit > 0) {
    fprintf(out, "Limit %.0f bytes: heap in use now %.0f bytes", o->limit, whole(o->heap_now));
    if (o->heap_now >= o->limit)
      fputs("; the limit is already reached\n", out);
    else if (!rate || !metric_is_space(o->m))
      fputs("; no byte rate known, so no time to the limit\n", out);
    else if (total <= 0)
      fputs("; not growing at this rate, the limit is never reached\n", out);
    else {
      fprintf(out, "; at %.1f bytes/s it is reached in ", total / o->span_s);
      print_duration(out, (o->limit - o->heap_now) / (total / o->span_s));
      fputc('\n', out);
    }
  }
}
