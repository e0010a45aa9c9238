#include "errors.h"

#include <math.h>
#include <string.h>

/* Variance of the estimate from k samples of average size avg at
 * interval I: k (s/p)^2 (1-p) for bytes, k (1/p)^2 (1-p) for objects. */
static void var_of(double k, double bytes, double interval, double *vb, double *vo) {
  *vb = *vo = 0;
  if (k <= 0 || interval <= 1)
    return;
  double avg = bytes / k;
  double scale = sample_scale(avg, interval); /* 1/p */
  double q = 1 - 1 / scale;                   /* 1-p */
  *vb = k * (avg * scale) * (avg * scale) * q;
  *vo = k * scale * scale * q;
}

void errors_init_sample(sample *s, const raw_counts *c, double interval, int sign) {
  double *k = sign < 0 ? s->kneg : s->kpos, *v = sign < 0 ? s->varneg : s->varpos;
  for (int m = 0; m < M_COUNT; m++)
    k[m] = v[m] = 0;
  if (sign < 0)
    for (int m = 0; m < M_COUNT; m++)
      s->kpos[m] = s->varpos[m] = 0;
  else
    for (int m = 0; m < M_COUNT; m++)
      s->kneg[m] = s->varneg[m] = 0;
  k[M_INUSE_SPACE] = k[M_INUSE_OBJECTS] = c->objs;
  k[M_ALLOC_SPACE] = k[M_ALLOC_OBJECTS] = c->cum_objs;
  var_of(c->objs, c->bytes, interval, &v[M_INUSE_SPACE], &v[M_INUSE_OBJECTS]);
  var_of(c->cum_objs, c->cum_bytes, interval, &v[M_ALLOC_SPACE], &v[M_ALLOC_OBJECTS]);
  s->peak_bytes = s->peak_bytes_var = s->peak_objs = s->peak_objs_var = s->peak_k = 0;
  /* The dump's own variances of its unbiased object counts: the sum over
   * the samples of (1-p)/p^2, each with its own p (var_of's mean size is
   * far too small a variance when sizes differ). */
  if (c->has_unbiased && interval > 1) {
    v[M_INUSE_OBJECTS] = c->objs > 0 ? c->var_objs : 0;
    v[M_ALLOC_OBJECTS] = c->var_cum_objs;
  }
  memset(&s->life, 0, sizeof(s->life));
}

void errors_init_life(sample *s, const life_counts *c, double interval) {
  double k[L_COUNT] = {c->temp_objs, c->long_objs};
  double b[L_COUNT] = {c->temp_bytes, c->long_bytes};
  for (int l = 0; l < L_COUNT; l++) {
    double scale = k[l] > 0 ? sample_scale(b[l] / k[l], interval) : 0, vo;
    s->life.k[l] = k[l];
    s->life.bytes[l] = b[l] * scale;
    s->life.objs[l] = k[l] * scale;
    var_of(k[l], b[l], interval, &s->life.var[l], &vo);
  }
}

void errors_init_peak(sample *s, const peak_counts *c, double interval) {
  double scale = c->objs > 0 ? sample_scale(c->bytes / c->objs, interval) : 0, vo;
  s->peak_k = c->objs;
  s->peak_bytes = c->bytes * scale;
  var_of(c->objs, c->bytes, interval, &s->peak_bytes_var, &vo);
  s->peak_objs = interval > 1 ? c->est_objs : c->objs;
  s->peak_objs_var = interval > 1 ? c->var_objs : 0;
}

void errors_merge(sample *to, const sample *from) {
  to->peak_bytes += from->peak_bytes;
  to->peak_bytes_var += from->peak_bytes_var;
  to->peak_objs += from->peak_objs;
  to->peak_objs_var += from->peak_objs_var;
  to->peak_k += from->peak_k;
  for (int m = 0; m < M_COUNT; m++) {
    to->kpos[m] += from->kpos[m];
    to->kneg[m] += from->kneg[m];
    to->varpos[m] += from->varpos[m];
    to->varneg[m] += from->varneg[m];
  }
  for (int l = 0; l < L_COUNT; l++) {
    to->life.bytes[l] += from->life.bytes[l];
    to->life.objs[l] += from->life.objs[l];
    to->life.var[l] += from->life.var[l];
    to->life.k[l] += from->life.k[l];
  }
}

double errors_count(const sample *s, metric m) { return s->kpos[m] + s->kneg[m]; }

/* Growth of one stack between an old dump (k0 live samples) and a newer
 * one of the same process (k1 live, a = sampled allocations in between,
 * the difference of the cumulative counts). The noise comes from the
 * sampled blocks in one dump and not the other: f old ones freed plus the
 * a - f' new ones still live, where k1 = k0 - f + a - f'. So changed =
 * k1 - k0 + 2f, and f <= k0 and f <= a + k0 - k1 (f' >= 0) bound it by
 * min(k0 + k1, 2a - (k1 - k0)). For allocated space the changed blocks
 * are exactly the a new ones. Each changed sample carries the average
 * per-sample variance of the two dumps. */
static double growth_variance(const sample *s, metric m) {
  double k1 = s->kpos[m], k0 = s->kneg[m];
  double v = s->varpos[m] + s->varneg[m];
  if (k0 + k1 <= 0)
    return 0;
  double a = s->kpos[M_ALLOC_OBJECTS] - s->kneg[M_ALLOC_OBJECTS];
  if (a < 0)
    return v; /* counts fell: not one process's dumps after all */
  double changed;
  if (m == M_ALLOC_SPACE || m == M_ALLOC_OBJECTS)
    changed = a;
  else {
    changed = 2 * a - (k1 - k0);
    if (changed > k0 + k1)
      changed = k0 + k1;
    if (changed < fabs(k1 - k0))
      changed = fabs(k1 - k0);
  }
  return v * changed / (k0 + k1);
}

double errors_variance(const profile *p, const sample *s, metric m) {
  if (p->same_process && s->kneg[M_ALLOC_OBJECTS] > 0)
    return growth_variance(s, m);
  return s->varpos[m] + s->varneg[m];
}

double errors_two_sigma(double variance) { return variance > 0 ? 2 * sqrt(variance) : 0; }

double errors_total_variance(const profile *p, metric m) {
  double v = 0;
  for (size_t i = 0; i < p->nsamples; i++)
    v += errors_variance(p, &p->samples[i], m);
  return v;
}
