/* --merge: dumps of many processes (a fleet, a CI matrix's shards) as one
 * profile. Their addresses differ (address randomisation, other builds), so
 * stacks are matched by what they say in the source: the function, file
 * and line of every frame, inlined ones included. Estimates are summed:
 * each dump's own samples are scaled by its own interval first (profile.c),
 * so dumps taken at different rates add up correctly. Threads are not kept:
 * thread numbers of different processes do not name the same threads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
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
      errors_merge(&p->samples[at], s);
    }
    free(key);
  }
  strmap_free(&seen);
  p->nsamples = kept;
}

char *process_of(const char *path) {
  size_t n = strlen(path);
  if (n < 6 || strcmp(path + n - 5, ".heap") != 0)
    return NULL;
  char *s = xstrndup(path, n - 5);
  char *seq = strrchr(s, '.');
  char *pid = NULL;
  if (seq && seq > s && seq[1] && strspn(seq + 1, "0123456789") == strlen(seq + 1)) {
    *seq = 0;
    pid = strrchr(s, '.');
  }
  if (!pid || !pid[1] || strspn(pid + 1, "0123456789") != strlen(pid + 1)) {
    free(s);
    return NULL;
  }
  return s;
}

void merge_warn_same_process(const char *const *paths, size_t n) {
  for (size_t i = 0; i < n; i++) {
    char *a = process_of(paths[i]);
    for (size_t k = i + 1; a && k < n; k++) {
      char *b = process_of(paths[k]);
      bool same = b && strcmp(a, b) == 0;
      free(b);
      if (same) {
        fprintf(stderr,
                "sleuth-report: warning: %s and %s are dumps of one process (%s): "
                "--merge counts its memory twice (--base gives the growth between them)\n",
                paths[i], paths[k], base_name(a));
        free(a);
        return;
      }
    }
    free(a);
  }
}
