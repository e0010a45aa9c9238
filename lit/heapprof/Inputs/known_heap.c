/* A program whose heap in use is known: it keeps HELD blocks of mixed
 * sizes (16 B to 16 KiB, most of them small, where size classes round
 * most) and a few of 64 KiB to 1 MiB, frees a third of them again, and
 * churns temporary blocks throughout (so frees are counted too). At the
 * end it prints the bytes it requested and still holds (and held at its
 * peak, before the frees), the sum of malloc_usable_size over them, and
 * the figure
 * the allocator itself gives for its heap (tcmalloc's
 * generic.current_allocated_bytes or jemalloc's stats.allocated, looked
 * up at run time; "none" under glibc), then exits with the blocks live:
 * the timeline's last sample, written at exit, shows them. */
#include <dlfcn.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HELD 20000

static void *held[HELD];
static size_t held_size[HELD];

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

static size_t block_size(unsigned i) {
  if (i % 1000 == 0)
    return (64u << 10) + next() % (960u << 10);
  /* 16 << k plus a random part: as many blocks per power of two */
  unsigned k = (unsigned)(next() % 8);
  return (16u << k) + next() % (16u << k);
}

static size_t allocator_figure(void) {
  int (*tc)(const char *, size_t *) =
      (int (*)(const char *, size_t *))dlsym(RTLD_DEFAULT,
                                             "MallocExtension_GetNumericProperty");
  size_t v = 0;
  if (tc && tc("generic.current_allocated_bytes", &v))
    return v;
  int (*je)(const char *, void *, size_t *, void *, size_t) =
      (int (*)(const char *, void *, size_t *, void *, size_t))dlsym(
          RTLD_DEFAULT, "mallctl");
  if (je) {
    uint64_t epoch = 1;
    size_t len = sizeof epoch;
    je("epoch", &epoch, &len, &epoch, len);
    len = sizeof v;
    if (je("stats.allocated", &v, &len, NULL, 0) == 0)
      return v;
  }
  return 0;
}

int main(void) {
  size_t requested = 0;
  for (unsigned i = 0; i < HELD; i++) {
    held_size[i] = block_size(i);
    held[i] = i % 7 == 3 ? calloc(1, held_size[i]) : malloc(held_size[i]);
    memset(held[i], 1, held_size[i]);
    requested += held_size[i];
    void *tmp = malloc(block_size(i + 1)); /* churn */
    *(volatile char *)tmp = 0;
    free(tmp);
    if (i % 5 == 4) { /* some grow in place or move */
      size_t more = held_size[i] + next() % 64;
      held[i] = realloc(held[i], more);
      requested += more - held_size[i];
      held_size[i] = more;
    }
  }
  /* strdup is Sleuth's own (interceptors): its block must come from the
   * allocator the program frees it with. */
  for (int i = 0; i < 1000; i++) {
    char *name = strdup("a string the program frees itself");
    free(name);
  }
  size_t peak = requested;
  for (unsigned i = 0; i < HELD; i += 3) {
    free(held[i]);
    requested -= held_size[i];
    held[i] = 0;
  }
  size_t usable = 0; /* what the allocator gives the live blocks */
  for (unsigned i = 0; i < HELD; i++)
    usable += held[i] ? malloc_usable_size(held[i]) : 0;
  size_t own = allocator_figure();
  printf("requested %zu\n", requested);
  printf("peak %zu\n", peak);
  printf("usable %zu\n", usable);
  if (own)
    printf("allocator %zu\n", own);
  else
    printf("allocator none\n");
  return 0;
}
