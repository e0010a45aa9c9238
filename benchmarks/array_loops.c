/* array_loops.c - Sleuth benchmark: dense array loops.
 *
 * Four kernels over heap arrays: a double matrix multiply (n = 300,
 * i-k-j order so the inner loop is unit-stride and vectorisable), a
 * 5-point Jacobi stencil on a 2-D grid, inclusive/exclusive prefix sums
 * over an int64 array, and a gather-style histogram.  Almost no
 * allocation: this measures the cost of checking loads and stores in
 * hot loops (and whether checks get hoisted or kept out of vector code).
 * Deterministic; prints one checksum line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"

#define MM_N 300
#define MM_REPS 48
#define GRID 512
#define STENCIL_STEPS 900
#define PREFIX_N (1 << 21)
#define PREFIX_PASSES 180
#define HIST_BINS 4096

static uint64_t rng_state = 0x853c49e6748fea9bull;

static uint32_t rng_next(void) {
    /* PCG-style LCG with xorshift output */
    uint64_t old = rng_state;
    rng_state = old * 6364136223846793005ull + 1442695040888963407ull;
    uint32_t xs = (uint32_t)(((old >> 18) ^ old) >> 27);
    uint32_t rot = (uint32_t)(old >> 59);
    return (xs >> rot) | (xs << ((32 - rot) & 31));
}

static double rng_double(void) { return (rng_next() >> 8) * (1.0 / 16777216.0); }

/* Folds a double's bit pattern into a running checksum. */
static uint64_t mix_double(uint64_t h, double d) {
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    h ^= bits;
    h *= 0x100000001b3ull;
    return h ^ (h >> 29);
}

static uint64_t matmul(void) {
    const int n = MM_N;
    double *a = xmalloc(sizeof(double) * n * n);
    double *b = xmalloc(sizeof(double) * n * n);
    double *c = xmalloc(sizeof(double) * n * n);
    for (int i = 0; i < n * n; i++) {
        a[i] = rng_double() - 0.5;
        b[i] = rng_double() - 0.5;
    }
    uint64_t h = 0xcbf29ce484222325ull;
    for (int rep = 0; rep < MM_REPS; rep++) {
        memset(c, 0, sizeof(double) * n * n);
        for (int i = 0; i < n; i++)
            for (int k = 0; k < n; k++) {
                double aik = a[i * n + k];
                for (int j = 0; j < n; j++)
                    c[i * n + j] += aik * b[k * n + j];
            }
        double trace = 0;
        for (int i = 0; i < n; i++)
            trace += c[i * n + i];
        h = mix_double(h, trace);
        /* feed the result back so every repetition differs */
        for (int i = 0; i < n * n; i++)
            a[i] = c[i] * 0.125 + a[i] * 0.5;
    }
    for (int i = 0; i < n * n; i += 97)
        h = mix_double(h, c[i]);
    free(a);
    free(b);
    free(c);
    return h;
}

static uint64_t stencil(void) {
    const int n = GRID;
    double *u = xmalloc(sizeof(double) * n * n);
    double *v = xmalloc(sizeof(double) * n * n);
    for (int i = 0; i < n * n; i++)
        u[i] = rng_double();
    memcpy(v, u, sizeof(double) * n * n);
    for (int s = 0; s < STENCIL_STEPS; s++) {
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                v[i * n + j] = 0.2 * (u[i * n + j] + u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                      u[i * n + j - 1] + u[i * n + j + 1]);
        double *t = u;
        u = v;
        v = t;
    }
    uint64_t h = 0x84222325cbf29ce4ull;
    for (int i = 0; i < n * n; i += 61)
        h = mix_double(h, u[i]);
    free(u);
    free(v);
    return h;
}

static uint64_t prefix_sums(void) {
    int64_t *x = xmalloc(sizeof(int64_t) * PREFIX_N);
    int64_t *y = xmalloc(sizeof(int64_t) * PREFIX_N);
    for (int i = 0; i < PREFIX_N; i++)
        x[i] = (int64_t)(rng_next() % 2001) - 1000;
    uint64_t h = 0;
    for (int p = 0; p < PREFIX_PASSES; p++) {
        /* inclusive scan x -> y */
        int64_t acc = 0;
        for (int i = 0; i < PREFIX_N; i++) {
            acc += x[i];
            y[i] = acc;
        }
        /* exclusive scan of differences back into x, with a twist */
        int64_t prev = 0;
        for (int i = 0; i < PREFIX_N; i++) {
            int64_t d = y[i] - prev;
            prev = y[i];
            x[i] = (d ^ (int64_t)p) - (i & 3);
        }
        h = h * 0x9e3779b97f4a7c15ull + (uint64_t)acc;
    }
    for (int i = 0; i < PREFIX_N; i += 4099)
        h = h * 31 + (uint64_t)x[i] + (uint64_t)y[i];
    free(x);
    free(y);
    return h;
}

static uint64_t histogram(void) {
    const int n = 1 << 22;
    uint32_t *idx = xmalloc(sizeof(uint32_t) * n);
    uint32_t *bins = xmalloc(sizeof(uint32_t) * HIST_BINS);
    for (int i = 0; i < n; i++)
        idx[i] = rng_next();
    memset(bins, 0, sizeof(uint32_t) * HIST_BINS);
    for (int pass = 0; pass < 72; pass++)
        for (int i = 0; i < n; i++)
            bins[(idx[i] >> (pass % 8 * 3)) % HIST_BINS] += (uint32_t)i;
    uint64_t h = 0;
    for (int i = 0; i < HIST_BINS; i++)
        h = h * 1000003u + bins[i];
    free(idx);
    free(bins);
    return h;
}

int main(void) {
    uint64_t h1 = matmul();
    uint64_t h2 = stencil();
    uint64_t h3 = prefix_sums();
    uint64_t h4 = histogram();
    printf("array_loops checksum %016llx %016llx %016llx %016llx\n", (unsigned long long)h1,
           (unsigned long long)h2, (unsigned long long)h3, (unsigned long long)h4);
    return 0;
}
