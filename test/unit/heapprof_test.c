/* The heap profiler's address-keyed path (heapprof_record_alloc_stack /
 * heapprof_record_free), which allocators without a header bit use: counts
 * per (stack, thread) after many inserts and frees in random order (the
 * table grows and deletes by backward shift), frees of addresses never
 * sampled, an address sampled again without a free in between, and a dump
 * that holds the same counts. Runs with heap_profile=1 (see
 * CMakeLists.txt); the addresses are never dereferenced. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "heapprof.h"
#include "heapprof_internal.h"
#include "stackdepot.h"

#define N 100000

static hp_record find(uint32_t stack) {
  hp_record *r, none = {0};
  size_t n = heapprof_snapshot(&r, 0);
  for (size_t i = 0; i < n; i++)
    if (r[i].stack == stack && r[i].tid == 0) {
      none = r[i];
      break;
    }
  ifree(r);
  return none;
}

static uptr addr(uint32_t i) { return 0x100000000ull + (uptr)i * 48; }

int main(int argc, char **argv) {
  (void)argc;
  CHECK(heapprof_on && heapprof_enabled);
  uptr pcs1[2] = {0x1111, 0x2222}, pcs2[2] = {0x3333, 0x4444},
       pcs3[2] = {0x5555, 0x6666};
  uint32_t s1 = depot_put(pcs1, 2), s2 = depot_put(pcs2, 2),
           s3 = depot_put(pcs3, 2);

  for (uint32_t i = 0; i < N; i++)
    heapprof_record_alloc_stack((void *)addr(i), 10, s1);
  hp_record r = find(s1);
  CHECK(r.live_objs == N && r.live_bytes == 10ull * N && r.cum_objs == N);
  /* Every allocation recorded: each sample stands for one (1/p = 1), and
   * the unbiased counts have no variance. */
  CHECK(r.live_inv == N && r.cum_inv == N && r.live_var == 0 && r.cum_var == 0);
  /* The heap peaked now, and the peak's site set is what the records
   * hold now. */
  hp_extra x;
  hp_record *all;
  ifree(all = (heapprof_snapshot(&all, &x), all));
  CHECK(x.peak_est == 10.0 * N && x.snap_est == x.peak_est);
  CHECK(r.peak_objs == N && r.peak_bytes == 10ull * N && r.peak_inv == N);
  CHECK(x.sizes[4].samples == N && x.sizes[4].est == N); /* 8..15 bytes */

  /* Free the even ones in a scrambled order (i * 7919 mod N visits all). */
  for (uint32_t k = 0; k < N; k++) {
    uint32_t i = (uint32_t)((uint64_t)k * 7919 % N);
    if (i % 2 == 0)
      heapprof_record_free((void *)addr(i));
  }
  r = find(s1);
  CHECK(r.live_objs == N / 2 && r.live_bytes == 10ull * (N / 2));
  CHECK(r.cum_objs == N && r.cum_bytes == 10ull * N);

  /* Never sampled, or freed already: nothing changes. */
  for (uint32_t i = 0; i < N; i += 2)
    heapprof_record_free((void *)addr(i));
  heapprof_record_free((void *)0x7777000);
  heapprof_record_free(0);
  r = find(s1);
  CHECK(r.live_objs == N / 2);

  /* Every odd one is still found after the deletions moved entries. */
  for (uint32_t i = 1; i < N; i += 2)
    heapprof_record_free((void *)addr(i));
  r = find(s1);
  CHECK(r.live_objs == 0 && r.live_bytes == 0 && r.cum_objs == N);
  CHECK(r.live_inv == 0 && r.cum_inv == N);
  /* The peak stays where it was: the frees saved it first. */
  CHECK(r.peak_objs == N && r.peak_bytes == 10ull * N);

  /* Sampled again without a free: the old sample is retired. */
  heapprof_record_alloc_stack((void *)addr(5), 5, s2);
  heapprof_record_alloc_stack((void *)addr(5), 7, s3);
  CHECK(find(s2).live_objs == 0 && find(s2).cum_objs == 1);
  CHECK(find(s3).live_objs == 1 && find(s3).live_bytes == 7);

  /* The dump holds the same counts, under the stack's frames (frame 0,
   * the allocator's own, left out). */
  char path[4096];
  snprintf(path, sizeof path, "%s.dump.heap", argv[0]);
  CHECK(heapprof_dump(path) == 0);
  FILE *f = fopen(path, "r");
  CHECK(f != NULL);
  char line[512];
  int header = 0, stack3 = 0, counts3 = 0, maps = 0, after3 = 0, unbiased3 = 0,
      at_counts3 = 0;
  while (f && fgets(line, sizeof line, f)) {
    header += !strcmp(line, "heap_v2/1\n");
    /* The t* line's unbiased: line follows it. */
    if (at_counts3)
      unbiased3 += !strcmp(line, "  unbiased: 1.000: 0.000 [1.000: 0.000]\n");
    at_counts3 = after3 && !strcmp(line, "  t*: 1: 7 [1: 7]\n");
    counts3 |= at_counts3;
    after3 = !strcmp(line, "@ 0x6666\n");
    stack3 += after3;
    maps += !strcmp(line, "MAPPED_LIBRARIES:\n");
  }
  if (f)
    fclose(f);
  CHECK(header == 1 && stack3 == 1 && counts3 && maps == 1 && unbiased3 == 1);
  heapprof_record_free((void *)addr(5));
  CHECK(find(s3).live_objs == 0);
  CHECK_DONE("heapprof_test");
  return 0;
}
