/* sorting.c - Sleuth benchmark: comparison sorts.
 *
 * Hand-written quicksort (median of three, insertion sort below a
 * cutoff) and top-down mergesort (one scratch buffer) over int arrays,
 * then both sorts again over an array of pointers to heap-allocated
 * records compared by (key, id, name).  Stresses tight load/store loops
 * with data-dependent indices, recursion (stack frames), and pointer
 * indirection into many small heap objects.
 * Deterministic; verifies each result is sorted and prints one checksum line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"

#define N_INTS 1500000
#define N_RECS 300000
#define INSERTION_CUTOFF 16

typedef struct {
    int32_t key;
    uint32_t id;
    char name[12];
    double weight;
} Record;

static uint64_t rng_state = 0xda3e39cb94b95bdbull;

static uint32_t rng_next(void) { return xorshift64s_next(&rng_state); }

static void fail(const char *what) {
    fprintf(stderr, "sorting: %s is not sorted\n", what);
    exit(3);
}

/* ---------- int arrays ---------- */

static void int_insertion(int32_t *a, long lo, long hi) {
    for (long i = lo + 1; i <= hi; i++) {
        int32_t v = a[i];
        long j = i - 1;
        while (j >= lo && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

static void int_swap(int32_t *a, long i, long j) {
    int32_t t = a[i];
    a[i] = a[j];
    a[j] = t;
}

static void int_quicksort(int32_t *a, long lo, long hi) {
    while (hi - lo > INSERTION_CUTOFF) {
        long mid = lo + (hi - lo) / 2;
        if (a[mid] < a[lo]) int_swap(a, mid, lo);
        if (a[hi] < a[lo]) int_swap(a, hi, lo);
        if (a[hi] < a[mid]) int_swap(a, hi, mid);
        int32_t pivot = a[mid];
        long i = lo, j = hi;
        while (i <= j) {
            while (a[i] < pivot) i++;
            while (a[j] > pivot) j--;
            if (i <= j) {
                int_swap(a, i, j);
                i++;
                j--;
            }
        }
        /* recurse into the smaller half, loop on the larger */
        if (j - lo < hi - i) {
            int_quicksort(a, lo, j);
            lo = i;
        } else {
            int_quicksort(a, i, hi);
            hi = j;
        }
    }
    int_insertion(a, lo, hi);
}

static void int_merge_rec(int32_t *a, int32_t *tmp, long lo, long hi) {
    if (hi - lo <= INSERTION_CUTOFF) {
        int_insertion(a, lo, hi);
        return;
    }
    long mid = lo + (hi - lo) / 2;
    int_merge_rec(a, tmp, lo, mid);
    int_merge_rec(a, tmp, mid + 1, hi);
    if (a[mid] <= a[mid + 1])
        return;
    long n = mid - lo + 1;
    memcpy(tmp + lo, a + lo, (size_t)n * sizeof *a);
    long i = lo, j = mid + 1, k = lo;
    while (i <= mid && j <= hi)
        a[k++] = (tmp[i] <= a[j]) ? tmp[i++] : a[j++];
    while (i <= mid)
        a[k++] = tmp[i++];
}

static void int_mergesort(int32_t *a, long n) {
    int32_t *tmp = xmalloc((size_t)n * sizeof *tmp);
    int_merge_rec(a, tmp, 0, n - 1);
    free(tmp);
}

static uint64_t int_digest(const int32_t *a, long n, const char *what) {
    uint64_t h = 0;
    for (long i = 0; i < n; i++) {
        if (i && a[i - 1] > a[i])
            fail(what);
        h = h * 0x100000001b3ull + (uint32_t)a[i];
    }
    return h;
}

/* ---------- record pointer arrays ---------- */

static int rec_cmp(const Record *x, const Record *y) {
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    int c = strcmp(x->name, y->name);
    if (c) return c;
    if (x->id != y->id) return x->id < y->id ? -1 : 1;
    return 0;
}

static void rec_insertion(Record **a, long lo, long hi) {
    for (long i = lo + 1; i <= hi; i++) {
        Record *v = a[i];
        long j = i - 1;
        while (j >= lo && rec_cmp(a[j], v) > 0) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

static void rec_swap(Record **a, long i, long j) {
    Record *t = a[i];
    a[i] = a[j];
    a[j] = t;
}

static void rec_quicksort(Record **a, long lo, long hi) {
    while (hi - lo > INSERTION_CUTOFF) {
        long mid = lo + (hi - lo) / 2;
        if (rec_cmp(a[mid], a[lo]) < 0) rec_swap(a, mid, lo);
        if (rec_cmp(a[hi], a[lo]) < 0) rec_swap(a, hi, lo);
        if (rec_cmp(a[hi], a[mid]) < 0) rec_swap(a, hi, mid);
        Record *pivot = a[mid];
        long i = lo, j = hi;
        while (i <= j) {
            while (rec_cmp(a[i], pivot) < 0) i++;
            while (rec_cmp(a[j], pivot) > 0) j--;
            if (i <= j) {
                rec_swap(a, i, j);
                i++;
                j--;
            }
        }
        if (j - lo < hi - i) {
            rec_quicksort(a, lo, j);
            lo = i;
        } else {
            rec_quicksort(a, i, hi);
            hi = j;
        }
    }
    rec_insertion(a, lo, hi);
}

static void rec_merge_rec(Record **a, Record **tmp, long lo, long hi) {
    if (hi - lo <= INSERTION_CUTOFF) {
        rec_insertion(a, lo, hi);
        return;
    }
    long mid = lo + (hi - lo) / 2;
    rec_merge_rec(a, tmp, lo, mid);
    rec_merge_rec(a, tmp, mid + 1, hi);
    if (rec_cmp(a[mid], a[mid + 1]) <= 0)
        return;
    long n = mid - lo + 1;
    memcpy(tmp + lo, a + lo, (size_t)n * sizeof *a);
    long i = lo, j = mid + 1, k = lo;
    while (i <= mid && j <= hi)
        a[k++] = (rec_cmp(tmp[i], a[j]) <= 0) ? tmp[i++] : a[j++];
    while (i <= mid)
        a[k++] = tmp[i++];
}

static void rec_mergesort(Record **a, long n) {
    Record **tmp = xmalloc((size_t)n * sizeof *tmp);
    rec_merge_rec(a, tmp, 0, n - 1);
    free(tmp);
}

static uint64_t rec_digest(Record *const *a, long n, const char *what) {
    uint64_t h = 0;
    for (long i = 0; i < n; i++) {
        if (i && rec_cmp(a[i - 1], a[i]) > 0)
            fail(what);
        h = h * 0x100000001b3ull + a[i]->id + (uint64_t)(a[i]->weight * 1000.0);
    }
    return h;
}

/* Deterministic Fisher-Yates shuffle of a pointer array. */
static void rec_shuffle(Record **a, long n) {
    for (long i = n - 1; i > 0; i--) {
        long j = (long)(rng_next() % (uint32_t)(i + 1));
        rec_swap(a, i, j);
    }
}

int main(void) {
    uint64_t sum = 0;

    /* int arrays: random, few distinct values, and nearly sorted */
    int32_t *orig = xmalloc(N_INTS * sizeof *orig);
    int32_t *work = xmalloc(N_INTS * sizeof *work);
    for (int pattern = 0; pattern < 3; pattern++) {
        for (long i = 0; i < N_INTS; i++) {
            if (pattern == 0)
                orig[i] = (int32_t)rng_next();
            else if (pattern == 1)
                orig[i] = (int32_t)(rng_next() % 100);
            else
                orig[i] = (int32_t)(i * 3 + (rng_next() % 1000 == 0 ? (int32_t)(rng_next() % 5000) : 0));
        }
        memcpy(work, orig, N_INTS * sizeof *work);
        int_quicksort(work, 0, N_INTS - 1);
        uint64_t hq = int_digest(work, N_INTS, "int quicksort");
        memcpy(work, orig, N_INTS * sizeof *work);
        int_mergesort(work, N_INTS);
        uint64_t hm = int_digest(work, N_INTS, "int mergesort");
        if (hq != hm) {
            fprintf(stderr, "sorting: quicksort and mergesort disagree\n");
            return 3;
        }
        sum = sum * 31 + hq;
    }
    free(orig);
    free(work);

    /* records, each its own allocation */
    Record **recs = xmalloc(N_RECS * sizeof *recs);
    for (long i = 0; i < N_RECS; i++) {
        Record *r = xmalloc(sizeof *r);
        r->key = (int32_t)(rng_next() % 5000);
        r->id = (uint32_t)i;
        uint32_t x = rng_next();
        for (int c = 0; c < 6; c++) {
            r->name[c] = (char)('a' + x % 7);
            x /= 7;
        }
        r->name[6] = '\0';
        r->weight = (rng_next() % 100000) / 7.0;
        recs[i] = r;
    }
    for (int round = 0; round < 2; round++) {
        rec_shuffle(recs, N_RECS);
        rec_quicksort(recs, 0, N_RECS - 1);
        uint64_t hq = rec_digest(recs, N_RECS, "record quicksort");
        rec_shuffle(recs, N_RECS);
        rec_mergesort(recs, N_RECS);
        uint64_t hm = rec_digest(recs, N_RECS, "record mergesort");
        if (hq != hm) {
            fprintf(stderr, "sorting: record sorts disagree\n");
            return 3;
        }
        sum = sum * 31 + hq;
    }
    for (long i = 0; i < N_RECS; i++)
        free(recs[i]);
    free(recs);

    printf("sorting checksum %llu\n", (unsigned long long)sum);
    return 0;
}
