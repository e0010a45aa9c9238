/* Shared by the benchmark programs: seeded PRNGs (each program keeps its
 * own state and seed, so outputs are fixed) and a checked malloc. */
#ifndef SLEUTH_BENCH_UTIL_H
#define SLEUTH_BENCH_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* splitmix64 */
static inline uint64_t splitmix64_next(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* xorshift64*, upper 32 bits */
static inline uint32_t xorshift64s_next(uint64_t *state) {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return (uint32_t)((*state * 0x2545f4914f6cdd1dull) >> 32);
}

static inline void *xmalloc(size_t n) {
    void *p = malloc(n);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

#endif
