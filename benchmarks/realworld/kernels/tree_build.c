/* tree_build.c - builds n-ary trees of variably sized nodes by recursion
 * (each node has 1-4 children (none at the leaves) and a payload of 8-120 bytes whose size and
 * fan-out come from the PRNG), folds a checksum over each tree, keeps every
 * eighth tree alive in a ring of 16 and frees the rest at once. The
 * recursion goes through two functions (build_node, build_children), so
 * allocation stacks vary with the path. Small-object churn: allocator fast
 * path, per-block headers and redzones, stacks, quarantine. */
#include <string.h>
#include "../../bench_util.h"

struct node {
    struct node **kids;
    unsigned nkids;
    unsigned len;
    unsigned char *payload;
};

static uint64_t rng = 0x7ee5eed;

static struct node *build_node(int depth);

static void build_children(struct node *nd, int depth) {
    nd->nkids = depth <= 0 ? 0 : 1 + xorshift64s_next(&rng) % 4;
    nd->kids = nd->nkids ? xmalloc(sizeof(struct node *) * nd->nkids) : NULL;
    for (unsigned i = 0; i < nd->nkids; i++)
        nd->kids[i] = build_node(depth - 1 - (int)(xorshift64s_next(&rng) % 2));
}

static struct node *build_node(int depth) {
    struct node *nd = xmalloc(sizeof *nd);
    nd->len = 8 + xorshift64s_next(&rng) % 113;
    nd->payload = xmalloc(nd->len);
    for (unsigned i = 0; i < nd->len; i++) nd->payload[i] = (unsigned char)(i * 31 + depth);
    build_children(nd, depth);
    return nd;
}

static uint64_t fold(const struct node *nd) {
    uint64_t h = nd->len;
    for (unsigned i = 0; i < nd->len; i++) h = h * 131 + nd->payload[i];
    for (unsigned i = 0; i < nd->nkids; i++) h ^= fold(nd->kids[i]) + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h;
}

static unsigned long count(const struct node *nd) {
    unsigned long c = 1;
    for (unsigned i = 0; i < nd->nkids; i++) c += count(nd->kids[i]);
    return c;
}

static void destroy(struct node *nd) {
    for (unsigned i = 0; i < nd->nkids; i++) destroy(nd->kids[i]);
    free(nd->kids);
    free(nd->payload);
    free(nd);
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 40;
    struct node *ring[16] = {0};
    uint64_t sum = 0;
    unsigned long nodes = 0;
    for (int r = 0; r < rounds; r++) {
        struct node *t = build_node(13 + r % 4);
        sum = sum * 1000003 + fold(t);
        nodes += count(t);
        if (r % 8 == 0) {
            int slot = (r / 8) % 16;
            if (ring[slot]) { sum ^= fold(ring[slot]); destroy(ring[slot]); }
            ring[slot] = t;
        } else {
            destroy(t);
        }
    }
    for (int i = 0; i < 16; i++)
        if (ring[i]) { sum ^= fold(ring[i]); destroy(ring[i]); }
    printf("tree_build rounds=%d nodes=%lu sum=%016llx\n", rounds, nodes, (unsigned long long)sum);
    return 0;
}
