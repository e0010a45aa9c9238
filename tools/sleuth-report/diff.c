/* Growth between two dumps: the base dump's samples are added with negated
 * values (profile_add_dump sign -1), then samples with the same stack (same
 * module+offset sequence, so ASLR between runs does not matter) and thread
 * are merged. Stacks present in both dumps with the same counts cancel to
 * exactly zero and are dropped, so what remains is exactly the growth. */
#include <stdio.h>
#include <stdlib.h>

#include "errors.h"
#include "profile.h"
#include "util.h"

static char *stack_key(const sample *s) {
  strbuf b = {0};
  sb_printf(&b, "%ld|", s->thread);
  for (size_t k = 0; k < s->nlocs; k++)
    sb_printf(&b, "%zx,", s->locs[k]);
  return sb_take(&b);
}

void profile_merge(profile *p) {
  strmap seen = {0};
  size_t kept = 0;
  for (size_t i = 0; i < p->nsamples; i++) {
    sample *s = &p->samples[i];
    char *key = stack_key(s);
    size_t at = strmap_get(&seen, key);
    if (at == (size_t)-1) {
      strmap_put(&seen, key, kept);
      p->samples[kept++] = *s;
    } else {
      for (int m = 0; m < M_COUNT; m++)
        p->samples[at].v[m] += s->v[m];
      errors_merge(&p->samples[at], s);
      free(s->locs);
    }
    free(key);
  }
  strmap_free(&seen);
  p->nsamples = kept;
  /* Drop stacks that net to zero. Scaled values are floating point, so
   * "zero" allows for rounding far below one byte. */
  kept = 0;
  for (size_t i = 0; i < p->nsamples; i++) {
    sample *s = &p->samples[i];
    bool zero = true;
    for (int m = 0; m < M_COUNT; m++)
      if (s->v[m] > 1e-6 || s->v[m] < -1e-6)
        zero = false;
    if (!zero)
      p->samples[kept++] = *s;
  }
  p->nsamples = kept;
}
