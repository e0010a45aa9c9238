/* Error bars of the sampled estimates (docs/heap-profiling.md, "Error
 * bars"): how many samples a figure rests on, and its estimated variance.
 *
 * The runtime's exponential byte countdown is a Poisson process of rate
 * 1/I over the bytes allocated, so an allocation of s bytes is sampled iff
 * a point falls in its s bytes: with probability p = 1 - exp(-s/I), and
 * independently of every other allocation. The estimate (jeprof's) is the
 * Horvitz-Thompson sum of s/p over the sampled allocations; its variance
 * is the sum over all allocations of s^2 (1-p)/p, estimated without bias
 * from the samples by the sum of s^2 (1-p)/p^2. For a stack of k samples
 * of average size s that is k (s/p)^2 (1-p): sigma = E sqrt((1-p)/k), about
 * I sqrt(k) for blocks much smaller than I, and 0 when every allocation
 * is recorded (I = 1) or blocks are far larger than I. Sums over
 * different stacks add variances (different allocations are
 * independent). */
#ifndef SLEUTH_REPORT_ERRORS_H
#define SLEUTH_REPORT_ERRORS_H

#include "profile.h"

/* The sample's counts and variances from its raw counts (sign < 0: a
 * --base dump's). */
void errors_init_sample(sample *s, const raw_counts *c, double interval, int sign);
/* The lifetime estimates of a stack from its life: line. */
void errors_init_life(sample *s, const life_counts *c, double interval);
/* The peak estimates of a stack from its peak: line. */
void errors_init_peak(sample *s, const peak_counts *c, double interval);
/* Adds from's counts and variances to to's (merging two samples). */
void errors_merge(sample *to, const sample *from);
/* Samples the figure rests on (both dumps' for a growth). */
double errors_count(const sample *s, metric m);
/* Estimated variance of s->v[m]. For a growth between two dumps of one
 * process (p->same_process) only the blocks allocated or freed between
 * them add noise: their number is bounded from the two dumps' counts
 * (see errors.c); otherwise the two dumps' variances add. */
double errors_variance(const profile *p, const sample *s, metric m);
/* Half-width of the 95% interval: 2 sigma. */
double errors_two_sigma(double variance);
/* Variance of the whole profile's total of m. */
double errors_total_variance(const profile *p, metric m);

#endif
