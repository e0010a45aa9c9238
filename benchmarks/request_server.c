/* request_server.c - Sleuth benchmark: a four-thread request server.
 *
 * Four worker threads each serve a fixed stream of requests.  A request
 * reads its body into a freshly malloc'ed 8-64 KiB buffer, parses it
 * (a byte scan for separators, a word hash), looks its key up in a
 * shared cache (a chained hash table behind a mutex, whose bucket array
 * grows with realloc; a miss builds and inserts the key's entry, so the
 * cache only grows) and builds a response in a second 8-64 KiB buffer;
 * both buffers are freed at the end of the request.  This is the shape
 * that makes a quarantine expensive: hundreds of MB of short-lived
 * mid-sized buffers pass through free, while the live heap is the cache.
 *
 * Deterministic although the threads interleave: every value that enters
 * the checksum is a function of the request alone (a cache entry's
 * contents are a function of its key, hit or miss), and the per-request
 * hashes are summed.  Prints one checksum line.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"

#define THREADS 4
#define REQUESTS_PER_THREAD 3000
#define KEYS 24000 /* distinct cache keys; the cache grows to about 12 MB */
#define BODY_MIN (8u << 10)
#define BODY_SPAN (56u << 10)

typedef struct Entry {
    struct Entry *next;
    uint32_t key, len;
    uint8_t data[]; /* len bytes, a function of key */
} Entry;

static struct {
    pthread_mutex_t lock;
    Entry **buckets;
    size_t nbuckets; /* power of two */
    size_t count, bytes;
} cache = {PTHREAD_MUTEX_INITIALIZER, 0, 0, 0, 0};

static uint64_t mix(uint64_t x) {
    uint64_t s = x;
    return splitmix64_next(&s);
}

static Entry *entry_build(uint32_t key) {
    uint64_t s = mix(key);
    uint32_t len = 256 + (uint32_t)(splitmix64_next(&s) % 1792);
    Entry *e = xmalloc(sizeof(Entry) + len);
    e->next = 0;
    e->key = key;
    e->len = len;
    for (uint32_t i = 0; i < len; i++)
        e->data[i] = (uint8_t)(xorshift64s_next(&s) >> 7);
    return e;
}

static void cache_grow_locked(void) {
    size_t n = cache.nbuckets ? cache.nbuckets * 2 : 1024;
    Entry **b = realloc(cache.buckets, n * sizeof(Entry *));
    if (!b) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    /* Split each old chain between bucket i and i + old size. */
    size_t old = cache.nbuckets;
    memset(b + old, 0, (n - old) * sizeof(Entry *));
    for (size_t i = 0; i < old; i++) {
        Entry **lo = &b[i], *hi = 0, *e = b[i];
        *lo = 0;
        while (e) {
            Entry *next = e->next;
            if (mix(e->key) & old) {
                e->next = hi;
                hi = e;
            } else {
                e->next = *lo;
                *lo = e;
            }
            e = next;
        }
        b[i + old] = hi;
    }
    cache.buckets = b;
    cache.nbuckets = n;
}

/* The entry of key, built and inserted on a miss. Entries never leave
 * the cache while workers run, so the pointer stays valid unlocked. */
static const Entry *cache_get(uint32_t key) {
    pthread_mutex_lock(&cache.lock);
    if (cache.nbuckets) {
        for (Entry *e = cache.buckets[mix(key) & (cache.nbuckets - 1)]; e; e = e->next)
            if (e->key == key) {
                pthread_mutex_unlock(&cache.lock);
                return e;
            }
    }
    pthread_mutex_unlock(&cache.lock);
    Entry *fresh = entry_build(key); /* outside the lock, as a server would */
    pthread_mutex_lock(&cache.lock);
    if (cache.count >= cache.nbuckets)
        cache_grow_locked();
    Entry **head = &cache.buckets[mix(key) & (cache.nbuckets - 1)];
    for (Entry *e = *head; e; e = e->next)
        if (e->key == key) { /* another thread inserted it meanwhile */
            pthread_mutex_unlock(&cache.lock);
            free(fresh);
            return e;
        }
    fresh->next = *head;
    *head = fresh;
    cache.count++;
    cache.bytes += fresh->len;
    pthread_mutex_unlock(&cache.lock);
    return fresh;
}

static uint8_t body_chars[256];

static void body_chars_init(void) {
    for (int c = 0; c < 256; c++)
        body_chars[c] = (c & 7) == 0 ? ' ' : (c & 63) == 1 ? '\n' : (uint8_t)('a' + c % 26);
}

/* "Receives" a request body: text-like words and separators. */
static void read_body(uint8_t *buf, size_t n, uint64_t *s) {
    size_t i = 0;
    while (i + 8 <= n) {
        uint64_t w = splitmix64_next(s);
        for (int k = 0; k < 8; k++, w >>= 8)
            buf[i++] = body_chars[(uint8_t)w];
    }
    while (i < n)
        buf[i++] = 'z';
}

/* Parses the body: the number of lines and words and a hash of the words. */
static uint64_t parse(const uint8_t *buf, size_t n, uint32_t *lines, uint32_t *words) {
    uint64_t h = 0xcbf29ce484222325ull, word = 0;
    uint32_t nl = 0, nw = 0;
    int in_word = 0;
    for (size_t i = 0; i < n; i++) {
        uint8_t c = buf[i];
        if (c == ' ' || c == '\n') {
            if (in_word) {
                h = (h ^ word) * 0x100000001b3ull;
                nw++;
            }
            nl += c == '\n';
            in_word = 0;
            word = 0;
        } else {
            word = word * 31 + c;
            in_word = 1;
        }
    }
    *lines = nl;
    *words = nw;
    return h ^ word;
}

/* Builds the response: the entry's bytes, then the body transformed. */
static size_t respond(uint8_t *out, size_t cap, const Entry *e, const uint8_t *body,
                      size_t n, uint64_t h) {
    size_t len = e->len < cap ? e->len : cap;
    memcpy(out, e->data, len);
    while (len < cap) {
        size_t chunk = cap - len < n ? cap - len : n;
        for (size_t i = 0; i < chunk; i++)
            out[len + i] = (uint8_t)(body[i] ^ (uint8_t)(h >> (8 * (i & 7))));
        len += chunk;
    }
    return len;
}

static uint64_t serve(uint64_t *s) {
    uint64_t r = splitmix64_next(s);
    /* Popular keys come back often: the square of a uniform index. */
    uint32_t u = (uint32_t)(r % KEYS);
    uint32_t key = (uint32_t)((uint64_t)u * ((r >> 32) % KEYS) / KEYS);
    size_t body_len = BODY_MIN + (size_t)((r >> 20) % BODY_SPAN);
    uint8_t *body = xmalloc(body_len);
    read_body(body, body_len, s);
    uint32_t lines, words;
    uint64_t h = parse(body, body_len, &lines, &words);
    const Entry *e = cache_get(key);
    size_t cap = BODY_MIN + (size_t)(splitmix64_next(s) % BODY_SPAN);
    uint8_t *resp = xmalloc(cap);
    size_t len = respond(resp, cap, e, body, body_len, h);
    uint64_t sum = h ^ ((uint64_t)lines << 32 | words);
    for (size_t i = 0; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, resp + i, 8);
        sum = (sum ^ w) * 0x9e3779b97f4a7c15ull;
    }
    free(resp);
    free(body);
    return sum;
}

typedef struct {
    int id;
    uint64_t sum;
} Worker;

static void *worker(void *arg) {
    Worker *w = arg;
    uint64_t s = 0x6a09e667f3bcc908ull + (uint64_t)w->id * 0x1000193;
    uint64_t sum = 0;
    for (int i = 0; i < REQUESTS_PER_THREAD; i++)
        sum += serve(&s);
    w->sum = sum;
    return 0;
}

int main(void) {
    pthread_t tid[THREADS];
    Worker w[THREADS];
    body_chars_init();
    for (int i = 0; i < THREADS; i++) {
        w[i].id = i;
        if (pthread_create(&tid[i], 0, worker, &w[i])) {
            fprintf(stderr, "pthread_create failed\n");
            return 2;
        }
    }
    uint64_t sum = 0;
    for (int i = 0; i < THREADS; i++) {
        pthread_join(tid[i], 0);
        sum += w[i].sum;
    }
    size_t entries = cache.count, bytes = cache.bytes;
    for (size_t i = 0; i < cache.nbuckets; i++)
        for (Entry *e = cache.buckets[i], *next; e; e = next) {
            next = e->next;
            free(e);
        }
    free(cache.buckets);
    printf("request_server checksum %016llx requests %d cache %zu entries %zu bytes\n",
           (unsigned long long)sum, THREADS * REQUESTS_PER_THREAD, entries, bytes);
    return 0;
}
