/* page_recycle: what it costs this machine to give a 4 KiB page back to the
 * kernel and have it again, the price a quarantine pays for every page it
 * returns while a block waits and that the block's slot then reuses.
 *
 *   clang -O2 benchmarks/machine/page_recycle.c -o /tmp/page_recycle
 *   /tmp/page_recycle            # every way, 64 KiB blocks over 64 MiB
 *
 * Each way runs ROUNDS passes over BLOCKS resident 64 KiB blocks (transparent
 * huge pages off for the buffer, as for the heap's mid-sized slots); in each
 * pass every block is given back (or not) and then written whole, as a
 * reused slot is. Printed: microseconds per 4 KiB page written, and the
 * page faults counted. The first line is the floor (nothing given back).
 * On bare metal a fault costs well under a microsecond; on a VM whose
 * hypervisor shadows the guest's page tables, every change of a page table
 * entry is a trip to the hypervisor, whichever call makes it. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* Linux 5.14 */
#endif
#ifndef MREMAP_DONTUNMAP
#define MREMAP_DONTUNMAP 4 /* Linux 5.7 */
#endif

enum { BLOCK = 64 << 10, BLOCKS = 1024, ROUNDS = 10, PAGE = 4096 };

enum way { KEEP, DONTNEED, DONTNEED_POPULATE, FREE, MOVE, WAYS };

static const char *const way_name[WAYS] = {
    [KEEP] = "kept resident (no call)",
    [DONTNEED] = "MADV_DONTNEED, then written",
    [DONTNEED_POPULATE] = "MADV_DONTNEED, MADV_POPULATE_WRITE, written",
    [FREE] = "MADV_FREE, then written",
    [MOVE] = "pages moved by mremap(MREMAP_DONTUNMAP)",
};

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static long faults(void) {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return u.ru_minflt + u.ru_majflt;
}

/* One way over a fresh buffer: two halves, so that MOVE has somewhere to
 * move the pages to. Returns 0, or -1 when the kernel refuses the way. */
static int run(enum way w) {
  size_t half = (size_t)BLOCK * BLOCKS;
  char *a = mmap(0, 2 * half, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (a == MAP_FAILED) {
    perror("page_recycle: mmap");
    exit(1);
  }
  madvise(a, 2 * half, MADV_NOHUGEPAGE);
  memset(a, 1, half);
  long f0 = faults();
  double t0 = now();
  int err = 0;
  for (int r = 0; r < ROUNDS && !err; r++)
    for (size_t i = 0; i < BLOCKS && !err; i++) {
      char *here = a + i * BLOCK, *there = here + half;
      char *p = here;
      switch (w) {
      case KEEP:
        break;
      case DONTNEED:
        err = madvise(p, BLOCK, MADV_DONTNEED);
        break;
      case DONTNEED_POPULATE:
        err = madvise(p, BLOCK, MADV_DONTNEED) ||
              madvise(p, BLOCK, MADV_POPULATE_WRITE);
        break;
      case FREE:
        err = madvise(p, BLOCK, MADV_FREE);
        break;
      case MOVE: { /* odd rounds move the pages back */
        char *from = r & 1 ? there : here, *to = r & 1 ? here : there;
        err = mremap(from, BLOCK, BLOCK,
                     MREMAP_MAYMOVE | MREMAP_FIXED | MREMAP_DONTUNMAP,
                     to) == MAP_FAILED;
        p = to;
        break;
      }
      default:
        break;
      }
      if (!err)
        memset(p, r, BLOCK);
    }
  double t = now() - t0;
  long f = faults() - f0;
  munmap(a, 2 * half);
  if (err) {
    printf("%-46s refused by this kernel (%s)\n", way_name[w],
           strerror(errno));
    return -1;
  }
  double pages = (double)ROUNDS * BLOCKS * (BLOCK / PAGE);
  printf("%-46s %7.2f us a page, %7.0f faults\n", way_name[w],
         t * 1e6 / pages, (double)f);
  return 0;
}

int main(void) {
  printf("%d passes over %d blocks of %d KiB (%.0f pages written):\n", ROUNDS,
         BLOCKS, BLOCK >> 10, (double)ROUNDS * BLOCKS * (BLOCK / PAGE));
  for (int w = 0; w < WAYS; w++)
    run((enum way)w);
  return 0;
}
