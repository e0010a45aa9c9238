// A small bump allocator annotated for Sleuth: a malloc'd superblock, kept
// poisoned until pieces are handed out, with REDZONE bytes between pieces.
#include <sleuth/sleuth.h>
#include <stdlib.h>

#define REDZONE 16

typedef struct {
  char *mem;
  size_t used, cap;
} arena;

static void arena_init(arena *a, size_t cap) {
  a->mem = malloc(cap);
  a->used = REDZONE;
  a->cap = cap;
  SLEUTH_POISON(a->mem, cap);
  SLEUTH_POOL_CREATE(a, REDZONE);
}

__attribute__((noinline)) static void *arena_alloc(arena *a, size_t n) {
  char *p = a->mem + a->used;
  a->used += (n + 7) / 8 * 8 + REDZONE;
  SLEUTH_POOL_ALLOC(a, p, n);
  return p;
}

__attribute__((noinline)) static void arena_free(arena *a, void *p) {
  SLEUTH_POOL_FREE(a, p);
}

static void arena_destroy(arena *a) {
  SLEUTH_POOL_DESTROY(a);
  SLEUTH_UNPOISON(a->mem, a->cap);
  free(a->mem);
}
