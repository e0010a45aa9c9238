#include "profile.h"

#include <math.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "symbolize.h"
#include "util.h"

const char *const metric_names[M_COUNT] = {"inuse_space", "inuse_objects", "alloc_space",
                                           "alloc_objects"};

bool metric_is_space(metric m) { return m == M_INUSE_SPACE || m == M_ALLOC_SPACE; }

double sample_scale(double avg, double interval) {
  if (interval <= 1 || avg <= 0)
    return 1;
  return 1 / (1 - exp(-avg / interval));
}

/* Allocator libraries whose frames lead real jemalloc dumps (prof_backtrace,
 * imalloc, malloc ...); Sleuth's own dumps already leave them out. */
static bool is_allocator_module(const char *path) {
  const char *b = base_name(path);
  return strncmp(b, "libjemalloc", 11) == 0 || strncmp(b, "libtcmalloc", 11) == 0 ||
         strncmp(b, "libsleuth", 9) == 0;
}

static size_t location_id(profile *p, const heap_dump *d, uint64_t pc) {
  const mapping *m = maps_find(&d->maps, pc);
  uint64_t off = m ? elf_vaddr(m->path, maps_file_offset(m, pc)) : pc;
  char key[4200];
  snprintf(key, sizeof(key), "%s@%llx", m ? m->path : "", (unsigned long long)off);
  size_t id = strmap_get(&p->loc_index, key);
  if (id != (size_t)-1)
    return id;
  GROW(p->locs, p->lcap, p->nlocs);
  id = p->nlocs++;
  location *l = &p->locs[id];
  l->module = m ? xstrdup(m->path) : NULL;
  l->offset = off;
  l->pc = pc;
  l->map = m;
  l->allocator = m && is_allocator_module(m->path);
  /* jeprof --raw lists return addresses minus one (the call). */
  l->symbol = heap_dump_symbol(d, pc - 1);
  if (!l->symbol)
    l->symbol = heap_dump_symbol(d, pc);
  strmap_put(&p->loc_index, key, id);
  return id;
}

/* Bytes as jeprof scales them; objects from the unbiased: line when the
 * dump has one (each sample weighted by its own 1/p), else as jeprof
 * does, with the stack's mean size, which undercounts mixed sizes. */
static void scaled_values(const raw_counts *c, double interval, int sign, double v[M_COUNT]) {
  double s = c->objs > 0 ? sample_scale(c->bytes / c->objs, interval) : 0;
  v[M_INUSE_SPACE] = sign * c->bytes * s;
  v[M_INUSE_OBJECTS] = sign * (c->has_unbiased && interval > 1 ? c->est_objs : c->objs * s);
  s = c->cum_objs > 0 ? sample_scale(c->cum_bytes / c->cum_objs, interval) : 0;
  v[M_ALLOC_SPACE] = sign * c->cum_bytes * s;
  v[M_ALLOC_OBJECTS] =
      sign * (c->has_unbiased && interval > 1 ? c->est_cum_objs : c->cum_objs * s);
}

static void add_sample(profile *p, const size_t *locs, size_t n, long thread,
                       const raw_counts *c, double interval, int sign) {
  GROW(p->samples, p->scap, p->nsamples);
  sample *s = &p->samples[p->nsamples++];
  s->locs = xmalloc(n * sizeof(size_t));
  memcpy(s->locs, locs, n * sizeof(size_t));
  s->nlocs = n;
  s->thread = thread;
  scaled_values(c, interval, sign, s->v);
  errors_init_sample(s, c, interval, sign);
}

void profile_add_dump(profile *p, const heap_dump *d, int sign, bool per_thread) {
  if (sign > 0 && p->interval == 0) {
    p->interval = d->interval; /* the first (main) dump's */
    p->unbiased_objects = true;
  }
  for (size_t i = 0; i < d->nstacks; i++)
    if (!d->stacks[i].total.has_unbiased)
      p->unbiased_objects = false;
  for (size_t i = 0; i < d->nstacks; i++) {
    const dump_stack *st = &d->stacks[i];
    size_t *locs = xmalloc(st->npcs * sizeof(size_t));
    for (size_t k = 0; k < st->npcs; k++)
      locs[k] = location_id(p, d, st->pcs[k]);
    bool any_thread = false;
    for (size_t t = 0; per_thread && t < st->nthreads; t++)
      if (st->threads[t].thread != THREAD_ALL) {
        add_sample(p, locs, st->npcs, st->threads[t].thread, &st->threads[t].c,
                   d->interval, sign);
        any_thread = true;
      }
    if (!any_thread) {
      add_sample(p, locs, st->npcs, THREAD_ALL, &st->total, d->interval, sign);
      if (sign > 0) {
        errors_init_life(&p->samples[p->nsamples - 1], &st->life, d->interval);
        errors_init_peak(&p->samples[p->nsamples - 1], &st->peak, d->interval);
      }
    }
    free(locs);
  }
}

static char *unknown_name(const location *l) {
  char buf[4200];
  if (l->module)
    snprintf(buf, sizeof(buf), "%s+0x%llx", base_name(l->module), (unsigned long long)l->offset);
  else
    snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)l->offset);
  return xstrdup(buf);
}

void profile_resolve(profile *p, bool symbolize) {
  sym_query *q = xcalloc(p->nlocs, sizeof(*q));
  size_t *qloc = xcalloc(p->nlocs, sizeof(size_t));
  size_t nq = 0;
  for (size_t i = 0; i < p->nlocs; i++)
    if (p->locs[i].module && symbolize && !p->locs[i].symbol) {
      /* A return address: the call is the instruction before it. */
      q[nq].module = p->locs[i].module;
      q[nq].address = p->locs[i].offset ? p->locs[i].offset - 1 : 0;
      qloc[nq++] = i;
    }
  symbolize_batch(q, nq);
  for (size_t i = 0; i < nq; i++) {
    location *l = &p->locs[qloc[i]];
    l->nframes = q[i].nframes;
    l->frames = xcalloc(l->nframes ? l->nframes : 1, sizeof(frame));
    for (size_t k = 0; k < q[i].nframes; k++) {
      sym_frame *sf = &q[i].frames[k];
      frame *f = &l->frames[k];
      f->name = sf->function ? sf->function : unknown_name(l);
      f->named = sf->function != NULL;
      f->file = sf->file;
      f->line = sf->line;
      f->column = sf->column;
      f->module = l->module;
    }
    free(q[i].frames);
  }
  free(q);
  free(qloc);
  for (size_t i = 0; i < p->nlocs; i++) {
    location *l = &p->locs[i];
    if (l->nframes)
      continue;
    if (!l->frames)
      l->frames = xcalloc(1, sizeof(frame));
    l->frames[0].name = l->symbol ? l->symbol : unknown_name(l);
    l->frames[0].named = l->symbol != NULL;
    l->frames[0].module = l->module;
    l->nframes = 1;
  }
  for (size_t i = 0; i < p->nsamples; i++) {
    sample *s = &p->samples[i];
    size_t first = 0;
    while (first + 1 < s->nlocs && p->locs[s->locs[first]].allocator)
      first++;
    memmove(s->locs, s->locs + first, (s->nlocs - first) * sizeof(size_t));
    s->nlocs -= first;
    size_t n = 0;
    for (size_t k = 0; k < s->nlocs; k++)
      n += p->locs[s->locs[k]].nframes;
    s->frames = xmalloc(n * sizeof(frame *));
    s->nframes = 0;
    for (size_t k = 0; k < s->nlocs; k++) {
      const location *l = &p->locs[s->locs[k]];
      for (size_t j = 0; j < l->nframes; j++)
        s->frames[s->nframes++] = &l->frames[j];
    }
  }
}

static void compile(regex_t *re, const char *pattern, const char *option) {
  int rc = regcomp(re, pattern, REG_EXTENDED | REG_NOSUB);
  if (rc) {
    char msg[256];
    regerror(rc, re, msg, sizeof(msg));
    die("%s '%s': bad regular expression: %s", option, pattern, msg);
  }
}

static bool any_frame_matches(const sample *s, const regex_t *re) {
  for (size_t k = 0; k < s->nframes; k++)
    if (regexec(re, s->frames[k]->name, 0, NULL, 0) == 0)
      return true;
  return false;
}

void profile_filter(profile *p, const char *focus, const char *ignore) {
  if (!focus && !ignore)
    return;
  regex_t fre, ire;
  if (focus)
    compile(&fre, focus, "--focus");
  if (ignore)
    compile(&ire, ignore, "--ignore");
  size_t kept = 0;
  for (size_t i = 0; i < p->nsamples; i++) {
    sample *s = &p->samples[i];
    if ((focus && !any_frame_matches(s, &fre)) || (ignore && any_frame_matches(s, &ire)))
      continue;
    p->samples[kept++] = *s;
  }
  p->nsamples = kept;
  if (focus)
    regfree(&fre);
  if (ignore)
    regfree(&ire);
}

double profile_total(const profile *p, metric m) {
  double t = 0;
  for (size_t i = 0; i < p->nsamples; i++)
    t += p->samples[i].v[m];
  return t;
}

double dump_inuse_bytes(const heap_dump *d) {
  double total = 0, v[M_COUNT];
  for (size_t i = 0; i < d->nstacks; i++) {
    scaled_values(&d->stacks[i].total, d->interval, 1, v);
    total += v[M_INUSE_SPACE];
  }
  return total;
}
