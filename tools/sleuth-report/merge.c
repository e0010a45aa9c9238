/* --merge: dumps of many processes (a fleet, a CI matrix's shards) as one
 * profile. Their addresses differ (address randomisation, other builds), so
 * stacks are matched by what they say in the source: the function, file
 * and line of every frame, inlined ones included. Estimates are summed:
 * each dump's own samples are scaled by its own interval first (profile.c),
 * so dumps taken at different rates add up correctly. Threads are not kept:
 * thread numbers of different processes do not name the same threads. */
#include <stdio.h>
#include <stdlib.h>

#include "profile.h"
#include "util.h"

static char *source_key(const sample *s) {
  strbuf b = {0};
  for (size_t k = 0; k < s->nframes; k++) {
    const frame *f = s->frames[k];
    sb_printf(&b, "%s\x1f%s\x1f%d\x1e", f->name, f->file ? f->file : "", f->line);
  }
  return sb_take(&b);
}

void profile_merge_by_source(profile *p) {
  strmap seen = {0};
  size_t kept = 0;
  for (size_t i = 0; i < p->nsamples; i++) {
    sample *s = &p->samples[i];
    char *key = source_key(s);
    size_t at = strmap_get(&seen, key);
    if (at == (size_t)-1) {
      strmap_put(&seen, key, kept);
      s->thread = THREAD_ALL;
      p->samples[kept++] = *s;
    } else {
      for (int m = 0; m < M_COUNT; m++)
        p->samples[at].v[m] += s->v[m];
    }
    free(key);
  }
  strmap_free(&seen);
  p->nsamples = kept;
}
