/* zlib_bench.c - drives zlib (built from the Debian source with the same
 * compiler and flags as this driver) over a generated 4 MB corpus of text
 * lines, repeated runs and noise: deflate at levels 1, 6 and 9 (default
 * strategy), with Z_FILTERED and Z_HUFFMAN_ONLY at level 6, streamed through
 * 16 KiB buffers, then inflate through 4 KiB buffers and compare byte for
 * byte; also compress2/uncompress in one call per 64 KiB chunk. Prints the
 * compressed sizes and CRCs. Byte-granular loads and stores, hash chains,
 * window copies, a few large buffers. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static uint64_t rng = 0x21b;
static uint32_t next(void) {
    rng ^= rng >> 12; rng ^= rng << 25; rng ^= rng >> 27;
    return (uint32_t)((rng * 0x2545f4914f6cdd1dull) >> 32);
}

static void *xmalloc(size_t n) {
    void *p = malloc(n);
    if (!p) { fprintf(stderr, "out of memory\n"); exit(2); }
    return p;
}

static size_t make_corpus(unsigned char *buf, size_t cap) {
    static const char *words[] = {"alpha", "beta", "gamma", "delta", "memory", "error", "detector",
                                  "shadow", "redzone", "quarantine", "stack", "heap", "free", "malloc",
                                  "the", "of", "and", "to", "in", "is"};
    size_t n = 0;
    while (n + 256 < cap) {
        uint32_t kind = next() % 10;
        if (kind < 7) { /* a line of words */
            int w = 4 + next() % 12;
            for (int i = 0; i < w; i++) {
                const char *s = words[next() % 20];
                size_t l = strlen(s);
                memcpy(buf + n, s, l); n += l;
                buf[n++] = i + 1 < w ? ' ' : '\n';
            }
        } else if (kind < 9) { /* a run */
            int l = 16 + next() % 200;
            unsigned char c = (unsigned char)next();
            memset(buf + n, c, l); n += l;
        } else { /* noise */
            int l = 32 + next() % 160;
            for (int i = 0; i < l; i++) buf[n++] = (unsigned char)next();
        }
    }
    return n;
}

static size_t deflate_all(const unsigned char *in, size_t n, unsigned char **outp, int level, int strategy) {
    z_stream s;
    memset(&s, 0, sizeof s);
    if (deflateInit2(&s, level, Z_DEFLATED, 15, 8, strategy) != Z_OK) exit(3);
    size_t cap = deflateBound(&s, n), out = 0;
    unsigned char *dst = xmalloc(cap);
    unsigned char chunk[16384];
    size_t pos = 0;
    int flush;
    do {
        size_t take = n - pos < sizeof chunk ? n - pos : sizeof chunk;
        memcpy(chunk, in + pos, take);
        pos += take;
        flush = pos == n ? Z_FINISH : Z_NO_FLUSH;
        s.next_in = chunk;
        s.avail_in = (uInt)take;
        do {
            unsigned char obuf[16384];
            s.next_out = obuf;
            s.avail_out = sizeof obuf;
            if (deflate(&s, flush) == Z_STREAM_ERROR) exit(4);
            size_t got = sizeof obuf - s.avail_out;
            memcpy(dst + out, obuf, got);
            out += got;
        } while (s.avail_out == 0);
    } while (flush != Z_FINISH);
    deflateEnd(&s);
    *outp = dst;
    return out;
}

static int inflate_check(const unsigned char *z, size_t zn, const unsigned char *orig, size_t n) {
    z_stream s;
    memset(&s, 0, sizeof s);
    if (inflateInit(&s) != Z_OK) exit(5);
    unsigned char *out = xmalloc(n + 1);
    size_t got = 0, pos = 0;
    int rc = Z_OK;
    while (rc != Z_STREAM_END) {
        s.next_in = (unsigned char *)z + pos;
        size_t take = zn - pos < 4096 ? zn - pos : 4096;
        s.avail_in = (uInt)take;
        do {
            unsigned char obuf[4096];
            s.next_out = obuf;
            s.avail_out = sizeof obuf;
            rc = inflate(&s, Z_NO_FLUSH);
            if (rc != Z_OK && rc != Z_STREAM_END) exit(6);
            size_t k = sizeof obuf - s.avail_out;
            if (got + k > n) exit(7);
            memcpy(out + got, obuf, k);
            got += k;
        } while (s.avail_out == 0 && rc != Z_STREAM_END);
        pos += take - s.avail_in;
    }
    inflateEnd(&s);
    int ok = got == n && memcmp(out, orig, n) == 0;
    free(out);
    return ok;
}

int main(int argc, char **argv) {
    size_t cap = (size_t)(argc > 1 ? atoi(argv[1]) : 4) << 20;
    unsigned char *corpus = xmalloc(cap);
    size_t n = make_corpus(corpus, cap);
    printf("corpus %zu bytes crc %08lx\n", n, crc32(0, corpus, (uInt)n));
    static const struct { int level, strategy; const char *name; } runs[] = {
        {1, Z_DEFAULT_STRATEGY, "level1"}, {6, Z_DEFAULT_STRATEGY, "level6"},
        {9, Z_DEFAULT_STRATEGY, "level9"}, {6, Z_FILTERED, "filtered"}, {6, Z_HUFFMAN_ONLY, "huffman"}};
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        unsigned char *z;
        size_t zn = deflate_all(corpus, n, &z, runs[r].level, runs[r].strategy);
        int ok = inflate_check(z, zn, corpus, n);
        printf("%-9s %zu bytes adler %08lx %s\n", runs[r].name, zn, adler32(1, z, (uInt)zn), ok ? "ok" : "MISMATCH");
        free(z);
        if (!ok) return 1;
    }
    /* one-shot API on 64 KiB chunks */
    size_t total = 0;
    uLong crc = 0;
    for (size_t pos = 0; pos < n; pos += 65536) {
        uLong len = n - pos < 65536 ? n - pos : 65536;
        uLongf zl = compressBound(len);
        unsigned char *z = xmalloc(zl), *back = xmalloc(len);
        if (compress2(z, &zl, corpus + pos, len, 6) != Z_OK) return 1;
        uLongf bl = len;
        if (uncompress(back, &bl, z, zl) != Z_OK || bl != len || memcmp(back, corpus + pos, len)) return 1;
        total += zl;
        crc = crc32(crc, z, (uInt)zl);
        free(z);
        free(back);
    }
    printf("chunks    %zu bytes crc %08lx ok\n", total, crc);
    free(corpus);
    return 0;
}
