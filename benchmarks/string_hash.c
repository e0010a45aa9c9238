/* string_hash.c - Sleuth benchmark: string-keyed hash table.
 *
 * A chained hash table whose keys are strdup'ed strings.  The bucket
 * array grows with realloc (doubling, then splitting every old chain
 * between bucket i and i + old_size), and each entry carries a value
 * vector that also grows with realloc.  The workload inserts, looks up
 * (hits and misses), deletes and re-inserts keys in several rounds.
 * Stresses small-string allocation, strdup/strcmp/strlen/memcpy
 * interception, realloc, and pointer-heavy reads.
 * Deterministic; prints one checksum line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"

#define NKEYS 200000
#define ROUNDS 5

typedef struct Entry {
    struct Entry *next;
    char *key;
    uint64_t hash;
    uint32_t *vals;
    uint32_t nvals, capvals;
} Entry;

typedef struct {
    Entry **buckets;
    size_t nbuckets; /* power of two */
    size_t count;
} Table;

static uint64_t rng_state = 0x243f6a8885a308d3ull;

static uint64_t rng_next(void) { return splitmix64_next(&rng_state); }

static void *xrealloc(void *old, size_t n) {
    void *p = realloc(old, n);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

static uint64_t hash_str(const char *s) {
    /* FNV-1a 64 */
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 0x100000001b3ull;
    }
    return h;
}

static void table_init(Table *t) {
    t->nbuckets = 16;
    t->count = 0;
    t->buckets = xmalloc(t->nbuckets * sizeof *t->buckets);
    for (size_t i = 0; i < t->nbuckets; i++)
        t->buckets[i] = NULL;
}

static void table_grow(Table *t) {
    size_t old = t->nbuckets;
    t->buckets = xrealloc(t->buckets, 2 * old * sizeof *t->buckets);
    t->nbuckets = 2 * old;
    for (size_t i = 0; i < old; i++) {
        Entry *lo = NULL, *hi = NULL;
        Entry *e = t->buckets[i];
        while (e) {
            Entry *nx = e->next;
            if (e->hash & old) {
                e->next = hi;
                hi = e;
            } else {
                e->next = lo;
                lo = e;
            }
            e = nx;
        }
        t->buckets[i] = lo;
        t->buckets[i + old] = hi;
    }
}

static Entry *table_find(const Table *t, const char *key) {
    uint64_t h = hash_str(key);
    for (Entry *e = t->buckets[h & (t->nbuckets - 1)]; e; e = e->next)
        if (e->hash == h && strcmp(e->key, key) == 0)
            return e;
    return NULL;
}

static void entry_push(Entry *e, uint32_t v) {
    if (e->nvals == e->capvals) {
        e->capvals = e->capvals ? e->capvals * 2 : 1;
        e->vals = xrealloc(e->vals, e->capvals * sizeof *e->vals);
    }
    e->vals[e->nvals++] = v;
}

/* Inserts key (copied with strdup) or appends v to an existing entry. */
static int table_insert(Table *t, const char *key, uint32_t v) {
    Entry *e = table_find(t, key);
    if (e) {
        entry_push(e, v);
        return 0;
    }
    if (t->count + 1 > t->nbuckets)
        table_grow(t);
    e = xmalloc(sizeof *e);
    e->key = strdup(key);
    if (!e->key) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    e->hash = hash_str(key);
    e->vals = NULL;
    e->nvals = e->capvals = 0;
    entry_push(e, v);
    size_t b = e->hash & (t->nbuckets - 1);
    e->next = t->buckets[b];
    t->buckets[b] = e;
    t->count++;
    return 1;
}

static void entry_free(Entry *e) {
    free(e->key);
    free(e->vals);
    free(e);
}

static int table_delete(Table *t, const char *key) {
    uint64_t h = hash_str(key);
    Entry **pp = &t->buckets[h & (t->nbuckets - 1)];
    for (; *pp; pp = &(*pp)->next) {
        Entry *e = *pp;
        if (e->hash == h && strcmp(e->key, key) == 0) {
            *pp = e->next;
            entry_free(e);
            t->count--;
            return 1;
        }
    }
    return 0;
}

static void table_free(Table *t) {
    for (size_t i = 0; i < t->nbuckets; i++) {
        Entry *e = t->buckets[i];
        while (e) {
            Entry *nx = e->next;
            entry_free(e);
            e = nx;
        }
    }
    free(t->buckets);
}

static const char *const syllables[] = {
    "ka", "lo", "mir", "sen", "tu", "vex", "an", "dre", "quo", "zi",
    "pol", "ny", "ush", "ber", "the", "gan", "fo", "rill", "e", "wyn",
};

/* Writes a key made of syllables and a number into buf (size >= 64). */
static void make_key(char *buf, uint64_t id) {
    uint64_t x = id * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull;
    int nsyl = 1 + (int)(x % 5);
    size_t len = 0;
    x >>= 3;
    for (int i = 0; i < nsyl; i++) {
        const char *s = syllables[x % 20];
        x /= 20;
        size_t l = strlen(s);
        memcpy(buf + len, s, l);
        len += l;
    }
    len += (size_t)snprintf(buf + len, 32, "_%llu", (unsigned long long)(id % 1000003));
    buf[len] = '\0';
}

int main(void) {
    Table t;
    table_init(&t);
    char key[64];
    uint64_t sum = 0;

    for (int round = 0; round < ROUNDS; round++) {
        /* insert: ids drawn from a range wider than NKEYS, so duplicates occur */
        for (int i = 0; i < NKEYS; i++) {
            uint64_t id = rng_next() % (NKEYS * 2);
            make_key(key, id);
            sum += (uint64_t)table_insert(&t, key, (uint32_t)i) * (uint64_t)(i + 1);
        }
        /* lookups: about half hit */
        for (int i = 0; i < NKEYS; i++) {
            uint64_t id = rng_next() % (NKEYS * 4);
            make_key(key, id);
            Entry *e = table_find(&t, key);
            if (e)
                sum = sum * 1099511628211ull + e->nvals + e->vals[e->nvals - 1] + strlen(e->key);
        }
        /* deletes */
        for (int i = 0; i < NKEYS / 2; i++) {
            uint64_t id = rng_next() % (NKEYS * 2);
            make_key(key, id);
            sum += (uint64_t)table_delete(&t, key) * 7u;
        }
        sum = sum * 31 + t.count;
    }

    /* final full walk over the table */
    for (size_t i = 0; i < t.nbuckets; i++)
        for (Entry *e = t.buckets[i]; e; e = e->next) {
            uint64_t v = 0;
            for (uint32_t j = 0; j < e->nvals; j++)
                v += e->vals[j];
            sum ^= e->hash + v;
        }

    printf("string_hash checksum %llu entries %zu buckets %zu\n",
           (unsigned long long)sum, t.count, t.nbuckets);
    table_free(&t);
    return 0;
}
