/* byte_codec.c - Sleuth benchmark: LZ77-style byte-stream codec.
 *
 * Generates a few MB of mixed data (word-based text, byte runs, noise),
 * compresses it with an LZSS coder (hash chains over a 64 KiB window,
 * flag bytes + literals + 3-byte matches), decompresses it and checks
 * the round trip byte for byte.  Repeated at several search depths.
 * Stresses byte-granular loads and stores at computed offsets (the
 * unaligned, partial-granule accesses that shadow checks must handle),
 * int32 tables indexed by hashes, and overlapping back-copies.
 * Deterministic; prints one checksum line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"

#define DATA_SIZE (2u << 20)
#define ROUNDS 6
#define WINDOW 65535u
#define HASH_BITS 15
#define MIN_MATCH 4
#define MAX_MATCH (MIN_MATCH + 254)

static uint64_t rng_state = 0xbb67ae8584caa73bull;

static uint32_t rng_next(void) { return xorshift64s_next(&rng_state); }

/* ---------- data generation ---------- */

static void generate(uint8_t *buf, size_t n, uint32_t text_pct, uint32_t run_pct) {
    /* a vocabulary of 600 pseudo-words, Zipf-ish choice */
    enum { NWORDS = 600 };
    char *words[NWORDS];
    size_t lens[NWORDS];
    for (int w = 0; w < NWORDS; w++) {
        size_t len = 2 + rng_next() % 9;
        words[w] = xmalloc(len + 1);
        for (size_t i = 0; i < len; i++)
            words[w][i] = (char)('a' + rng_next() % 26);
        words[w][len] = '\0';
        lens[w] = len;
    }
    size_t pos = 0;
    while (pos < n) {
        uint32_t kind = rng_next() % 100;
        if (kind < text_pct) {
            /* a sentence of words */
            int nw = 3 + (int)(rng_next() % 12);
            for (int k = 0; k < nw && pos < n; k++) {
                uint32_t r = rng_next();
                int w = (int)((r % NWORDS) * ((r >> 16) % NWORDS) / NWORDS);
                for (size_t i = 0; i < lens[w] && pos < n; i++)
                    buf[pos++] = (uint8_t)words[w][i];
                if (pos < n)
                    buf[pos++] = (k + 1 == nw) ? '.' : ' ';
            }
            if (pos < n)
                buf[pos++] = (rng_next() % 4) ? ' ' : '\n';
        } else if (kind < text_pct + run_pct) {
            /* a run of one byte */
            size_t len = 4 + rng_next() % 300;
            uint8_t b = (uint8_t)rng_next();
            for (size_t i = 0; i < len && pos < n; i++)
                buf[pos++] = b;
        } else {
            /* noise */
            size_t len = 8 + rng_next() % 120;
            for (size_t i = 0; i < len && pos < n; i++)
                buf[pos++] = (uint8_t)rng_next();
        }
    }
    for (int w = 0; w < NWORDS; w++)
        free(words[w]);
}

/* ---------- LZSS ---------- */

static uint32_t hash4(const uint8_t *p) {
    uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    return (v * 2654435761u) >> (32 - HASH_BITS);
}

/* Output: groups of one flag byte then up to 8 items.  Flag bit i set
 * means item i is a match: 2 bytes distance (LE), 1 byte length-MIN_MATCH;
 * clear means one literal byte.  Returns the compressed size. */
static size_t lz_compress(const uint8_t *in, size_t n, uint8_t *out, int max_chain) {
    int32_t *head = xmalloc(sizeof(int32_t) << HASH_BITS);
    int32_t *prev = xmalloc(sizeof(int32_t) * n);
    for (size_t i = 0; i < (1u << HASH_BITS); i++)
        head[i] = -1;

    size_t op = 0, ip = 0;
    size_t flag_pos = 0;
    int nitems = 8;
    while (ip < n) {
        if (nitems == 8) {
            flag_pos = op;
            out[op++] = 0;
            nitems = 0;
        }
        size_t best_len = 0, best_dist = 0;
        if (ip + MIN_MATCH <= n) {
            uint32_t h = hash4(in + ip);
            int32_t cand = head[h];
            size_t limit = n - ip < MAX_MATCH ? n - ip : MAX_MATCH;
            for (int chain = 0; cand >= 0 && chain < max_chain; chain++) {
                size_t dist = ip - (size_t)cand;
                if (dist > WINDOW)
                    break;
                if (in[cand + best_len] == in[ip + best_len]) {
                    size_t l = 0;
                    while (l < limit && in[cand + l] == in[ip + l])
                        l++;
                    if (l > best_len) {
                        best_len = l;
                        best_dist = dist;
                        if (l == limit)
                            break;
                    }
                }
                cand = prev[cand];
            }
            prev[ip] = head[h];
            head[h] = (int32_t)ip;
        }
        if (best_len >= MIN_MATCH) {
            out[flag_pos] |= (uint8_t)(1u << nitems);
            out[op++] = (uint8_t)(best_dist & 0xff);
            out[op++] = (uint8_t)(best_dist >> 8);
            out[op++] = (uint8_t)(best_len - MIN_MATCH);
            /* index the positions inside the match too */
            for (size_t k = 1; k < best_len; k++) {
                size_t q = ip + k;
                if (q + MIN_MATCH <= n) {
                    uint32_t h = hash4(in + q);
                    prev[q] = head[h];
                    head[h] = (int32_t)q;
                }
            }
            ip += best_len;
        } else {
            out[op++] = in[ip++];
        }
        nitems++;
    }
    free(head);
    free(prev);
    return op;
}

/* Returns the decompressed size, or (size_t)-1 on malformed input. */
static size_t lz_decompress(const uint8_t *in, size_t n, uint8_t *out, size_t cap) {
    size_t ip = 0, op = 0;
    while (ip < n) {
        uint8_t flags = in[ip++];
        for (int i = 0; i < 8 && ip < n; i++) {
            if (flags & (1u << i)) {
                if (ip + 3 > n)
                    return (size_t)-1;
                size_t dist = (size_t)in[ip] | (size_t)in[ip + 1] << 8;
                size_t len = (size_t)in[ip + 2] + MIN_MATCH;
                ip += 3;
                if (dist == 0 || dist > op || op + len > cap)
                    return (size_t)-1;
                const uint8_t *src = out + op - dist;
                for (size_t k = 0; k < len; k++) /* may overlap: byte by byte */
                    out[op + k] = src[k];
                op += len;
            } else {
                if (op >= cap)
                    return (size_t)-1;
                out[op++] = in[ip++];
            }
        }
    }
    return op;
}

static uint64_t fnv(const uint8_t *p, size_t n) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

int main(void) {
    const size_t n = DATA_SIZE;
    uint8_t *data = xmalloc(n);
    uint8_t *comp = xmalloc(n + n / 8 + 16);
    uint8_t *back = xmalloc(n);
    uint64_t sum = 0;

    static const int chains[] = {4, 16, 64, 256};
    for (int round = 0; round < ROUNDS; round++) {
        /* the mix shifts from run-heavy to text-heavy over the rounds */
        generate(data, n, 50 + 8 * (uint32_t)round, 40 - 6 * (uint32_t)round);
        sum = sum * 31 + fnv(data, n);
        for (size_t c = 0; c < sizeof chains / sizeof chains[0]; c++) {
            size_t csize = lz_compress(data, n, comp, chains[c]);
            memset(back, 0, n);
            size_t dsize = lz_decompress(comp, csize, back, n);
            if (dsize != n || memcmp(back, data, n) != 0) {
                fprintf(stderr, "byte_codec: round trip failed (round %d, chain %d)\n", round,
                        chains[c]);
                return 3;
            }
            sum = sum * 31 + fnv(comp, csize);
            sum = sum * 31 + csize;
        }
    }
    printf("byte_codec checksum %llu\n", (unsigned long long)sum);
    free(data);
    free(comp);
    free(back);
    return 0;
}
