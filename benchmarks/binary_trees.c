/* binary_trees.c - Sleuth benchmark: allocation-heavy binary trees.
 *
 * Builds many complete binary trees of small nodes (malloc per node),
 * walks them and frees them again, while one long-lived tree stays
 * alive for the whole run.  Stresses malloc/free fast paths, per-object
 * bookkeeping (headers, redzones, alloc stacks) and the quarantine.
 * Deterministic; prints one checksum line. An optional argument sets the
 * maximum depth (default MAX_DEPTH, 18): `binary_trees 20` for a deeper
 * run with four times the distinct allocation stacks.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench_util.h"

#ifndef MAX_DEPTH
#define MAX_DEPTH 18
#endif
#define MIN_DEPTH 4

typedef struct Node {
    struct Node *left;
    struct Node *right;
    uint32_t tag;
} Node;

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t rng_next(void) { return xorshift64s_next(&rng_state); }

static Node *new_node(Node *l, Node *r) {
    Node *n = malloc(sizeof *n);
    if (!n) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    n->left = l;
    n->right = r;
    n->tag = rng_next() & 0xffff;
    return n;
}

static Node *build(int depth) {
    if (depth <= 0)
        return new_node(NULL, NULL);
    Node *l = build(depth - 1);
    Node *r = build(depth - 1);
    return new_node(l, r);
}

/* Returns a mix of node count and tags so the walk reads every node. */
static uint64_t check(const Node *n) {
    if (!n->left)
        return 1 + n->tag;
    return 1 + (n->tag ^ 0x5a5a) + check(n->left) + check(n->right);
}

static void destroy(Node *n) {
    if (n->left) {
        destroy(n->left);
        destroy(n->right);
    }
    free(n);
}

int main(int argc, char **argv) {
    uint64_t sum = 0;
    int max_depth = MAX_DEPTH;
    if (argc > 1) {
        char *end;
        long d = strtol(argv[1], &end, 10);
        if (*end || d < MIN_DEPTH || d > 30) {
            fprintf(stderr, "binary_trees: depth must be %d..30, got '%s'\n",
                    MIN_DEPTH, argv[1]);
            return 1;
        }
        max_depth = (int)d;
    }

    Node *stretch = build(max_depth + 1);
    sum += check(stretch);
    destroy(stretch);

    Node *long_lived = build(max_depth);

    for (int d = MIN_DEPTH; d <= max_depth; d += 2) {
        long iters = 1L << (max_depth - d + MIN_DEPTH);
        uint64_t c = 0;
        for (long i = 0; i < iters; i++) {
            Node *t = build(d);
            c += check(t);
            destroy(t);
        }
        sum = sum * 31 + c;
    }

    sum = sum * 31 + check(long_lived);
    destroy(long_lived);

    printf("binary_trees checksum %llu\n", (unsigned long long)sum);
    return 0;
}
