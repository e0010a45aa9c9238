/* hash_churn.c - an open-addressing hash map (linear probing, tombstones,
 * grows by doubling into a fresh table) from 64-bit keys to heap-allocated
 * values of 8-64 bytes, churned: rounds of inserts, lookups (hits and
 * misses), value updates by realloc, and deletes, with the live set
 * oscillating between about 50 k and 400 k entries. Small blocks, realloc,
 * random accesses into one large table. */
#include <string.h>
#include "../../bench_util.h"

struct slot { uint64_t key; unsigned char *val; uint32_t len; uint32_t state; }; /* 0 empty, 1 used, 2 dead */
struct map { struct slot *s; size_t cap, used, dead; };

static size_t hash(uint64_t k, size_t cap) {
    k ^= k >> 33; k *= 0xff51afd7ed558ccdull; k ^= k >> 33;
    return (size_t)k & (cap - 1);
}

static void map_grow(struct map *m, size_t cap) {
    struct slot *old = m->s;
    size_t oldcap = m->cap;
    m->s = xmalloc(sizeof(struct slot) * cap);
    memset(m->s, 0, sizeof(struct slot) * cap);
    m->cap = cap; m->used = 0; m->dead = 0;
    for (size_t i = 0; i < oldcap; i++)
        if (old[i].state == 1) {
            size_t j = hash(old[i].key, cap);
            while (m->s[j].state == 1) j = (j + 1) & (cap - 1);
            m->s[j] = old[i];
            m->used++;
        }
    free(old);
}

static struct slot *map_find(struct map *m, uint64_t key) {
    size_t j = hash(key, m->cap);
    while (m->s[j].state != 0) {
        if (m->s[j].state == 1 && m->s[j].key == key) return &m->s[j];
        j = (j + 1) & (m->cap - 1);
    }
    return NULL;
}

static void map_put(struct map *m, uint64_t key, uint32_t len, unsigned char fillb) {
    if ((m->used + m->dead + 1) * 2 > m->cap) map_grow(m, m->used * 4 > m->cap ? m->cap * 2 : m->cap);
    struct slot *e = map_find(m, key);
    if (e) {
        e->val = realloc(e->val, len);
        if (!e->val) exit(2);
    } else {
        size_t j = hash(key, m->cap);
        while (m->s[j].state == 1) j = (j + 1) & (m->cap - 1);
        if (m->s[j].state == 2) m->dead--;
        e = &m->s[j];
        e->key = key; e->state = 1; e->val = xmalloc(len);
        m->used++;
    }
    e->len = len;
    memset(e->val, fillb, len);
}

static int map_del(struct map *m, uint64_t key) {
    struct slot *e = map_find(m, key);
    if (!e) return 0;
    free(e->val);
    e->val = NULL; e->state = 2;
    m->used--; m->dead++;
    return 1;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 6;
    struct map m = {0};
    m.cap = 1024;
    m.s = xmalloc(sizeof(struct slot) * m.cap);
    memset(m.s, 0, sizeof(struct slot) * m.cap);
    uint64_t rng = 0xc0ffee;
    uint64_t sum = 0, hits = 0, dels = 0;
    for (int r = 0; r < rounds; r++) {
        uint64_t range = (r % 6 < 3) ? 400000 : 60000;
        for (int i = 0; i < 150000; i++) {
            uint64_t k = xorshift64s_next(&rng) % (range * 2);
            map_put(&m, k, 8 + xorshift64s_next(&rng) % 57, (unsigned char)k);
        }
        for (int i = 0; i < 300000; i++) {
            uint64_t k = xorshift64s_next(&rng) % (range * 2);
            struct slot *e = map_find(&m, k);
            if (e) { hits++; sum += e->val[e->len - 1] + e->len; }
        }
        for (int i = 0; i < 150000; i++) {
            uint64_t k = xorshift64s_next(&rng) % 800000;
            dels += map_del(&m, k);
        }
        /* a rehash in place of the tombstones now and then */
        if (m.dead * 4 > m.cap) map_grow(&m, m.cap);
    }
    for (size_t i = 0; i < m.cap; i++)
        if (m.s[i].state == 1) { sum += m.s[i].len; free(m.s[i].val); }
    printf("hash_churn rounds=%d live=%zu cap=%zu hits=%llu dels=%llu sum=%llu\n", rounds, m.used, m.cap,
           (unsigned long long)hits, (unsigned long long)dels, (unsigned long long)sum);
    free(m.s);
    return 0;
}
