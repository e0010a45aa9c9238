#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "graphs.h"
#include "util.h"

typedef struct {
  char *stack;
  double v;
} folded;

static int by_stack(const void *a, const void *b) {
  return strcmp(((const folded *)a)->stack, ((const folded *)b)->stack);
}

void write_collapsed(FILE *out, const profile *p, metric m) {
  strmap index = {0};
  folded *rows = NULL;
  size_t n = 0, cap = 0;
  for (size_t i = 0; i < p->nsamples; i++) {
    const sample *s = &p->samples[i];
    strbuf b = {0};
    for (size_t k = s->nframes; k-- > 0;) {
      /* ';' separates frames and the last blank the count: keep them out
       * of names (C++ names hold blanks, never ';'). */
      for (const char *c = s->frames[k]->name; *c; c++)
        sb_putc(&b, *c == ';' ? ':' : *c);
      if (k)
        sb_putc(&b, ';');
    }
    size_t r = strmap_get(&index, b.s ? b.s : "");
    if (r == (size_t)-1) {
      GROW(rows, cap, n);
      r = n++;
      rows[r].stack = xstrdup(b.s ? b.s : "");
      strmap_put(&index, rows[r].stack, r);
    }
    rows[r].v += s->v[m];
    free(b.s);
  }
  strmap_free(&index);
  qsort(rows, n, sizeof(*rows), by_stack);
  for (size_t r = 0; r < n; r++) {
    if (whole(rows[r].v) > 0)
      fprintf(out, "%s %.0f\n", rows[r].stack, whole(rows[r].v));
    free(rows[r].stack);
  }
  free(rows);
}
