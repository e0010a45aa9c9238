/* pointer_chase.c - Sleuth benchmark: cache-missing pointer chasing.
 *
 * Allocates many small nodes one malloc at a time, links them into a
 * single random cycle (Sattolo's algorithm over a shuffled order) and
 * into a random binary search tree, then walks the cycle and performs
 * tree lookups.  Each step is a dependent load from an unpredictable
 * address, so this measures what a detector adds to a latency-bound
 * load chain (shadow lookups that miss cache too, larger objects that
 * spread the heap).  Deterministic; prints one checksum line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench_util.h"

#define N_NODES (1 << 20)
#define CYCLE_LAPS 3
#define N_LOOKUPS 300000

typedef struct Node {
    struct Node *next;  /* random cycle */
    struct Node *left;  /* BST children */
    struct Node *right;
    uint32_t key;
    uint32_t payload;
} Node;

static uint64_t rng_state = 0x6a09e667f3bcc909ull;

static uint64_t rng_next(void) { return splitmix64_next(&rng_state); }

int main(void) {
    Node **nodes = xmalloc(N_NODES * sizeof *nodes);
    for (long i = 0; i < N_NODES; i++) {
        Node *n = xmalloc(sizeof *n);
        n->next = n->left = n->right = NULL;
        n->key = (uint32_t)rng_next();
        n->payload = (uint32_t)i;
        nodes[i] = n;
    }

    /* Sattolo: a random permutation with a single cycle */
    long *perm = xmalloc(N_NODES * sizeof *perm);
    for (long i = 0; i < N_NODES; i++)
        perm[i] = i;
    for (long i = N_NODES - 1; i > 0; i--) {
        long j = (long)(rng_next() % (uint64_t)i);
        long t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    for (long i = 0; i < N_NODES; i++)
        nodes[i]->next = nodes[perm[i]];
    free(perm);

    /* Random-order BST over the even-numbered nodes (random keys: depth ~ 2 ln n) */
    Node *root = nodes[0];
    for (long i = 2; i < N_NODES; i += 2) {
        Node *n = nodes[i];
        Node **slot = &root;
        while (*slot)
            slot = (n->key < (*slot)->key) ? &(*slot)->left : &(*slot)->right;
        *slot = n;
    }

    /* Walk the cycle: every step is a dependent, cache-missing load */
    uint64_t sum = 0;
    Node *p = nodes[0];
    for (long step = 0; step < (long)N_NODES * CYCLE_LAPS; step++) {
        sum += p->payload ^ (uint32_t)step;
        p->payload += 1;
        p = p->next;
    }
    if (p != nodes[0]) {
        fprintf(stderr, "pointer_chase: cycle is broken\n");
        return 3;
    }

    /* BST lookups: half for present keys, half for random keys */
    uint64_t found = 0, depth_total = 0;
    for (long q = 0; q < N_LOOKUPS; q++) {
        uint32_t key = (q & 1) ? (uint32_t)rng_next() : nodes[(rng_next() % (N_NODES / 2)) * 2]->key;
        Node *n = root;
        while (n && n->key != key) {
            depth_total++;
            n = (key < n->key) ? n->left : n->right;
        }
        if (n) {
            found++;
            sum += n->payload;
        }
    }

    for (long i = 0; i < N_NODES; i++)
        free(nodes[i]);
    free(nodes);

    printf("pointer_chase checksum %llu found %llu depth %llu\n", (unsigned long long)sum,
           (unsigned long long)found, (unsigned long long)depth_total);
    return 0;
}
