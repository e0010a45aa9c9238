/* malloc_loop.c - the malloc-bound loop of benchmarks/profiler/run.sh: each
 * of T threads frees and allocates N blocks of 16-271 bytes, one pair per
 * iteration, in a window of 64 live blocks, touching one byte of each. It
 * does nothing else, so the time a profiler adds to malloc and free is most
 * of what separates two runs. Prints a checksum of the addresses' low bits
 * (the same for every allocator only by chance: run.sh does not compare it).
 *
 * Usage: malloc_loop [THREADS [PAIRS_PER_THREAD]]   (default 4 10000000) */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static long pairs = 10000000;

static void *work(void *arg) {
  uint64_t s = (uintptr_t)arg * 0x9e3779b97f4a7c15ull + 1;
  void *slots[64] = {0};
  uint64_t sum = 0;
  for (long i = 0; i < pairs; i++) {
    s ^= s << 13; /* xorshift64 */
    s ^= s >> 7;
    s ^= s << 17;
    unsigned k = s & 63;
    free(slots[k]);
    char *p = malloc(16 + ((s >> 8) & 255));
    if (!p) {
      fputs("malloc_loop: out of memory\n", stderr);
      exit(1);
    }
    p[0] = (char)i;
    sum += (uintptr_t)p & 0xff;
    slots[k] = p;
  }
  for (int k = 0; k < 64; k++)
    free(slots[k]);
  return (void *)(uintptr_t)sum;
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? atoi(argv[1]) : 4;
  if (argc > 2)
    pairs = atol(argv[2]);
  if (threads < 1 || threads > 64 || pairs < 0) {
    fputs("usage: malloc_loop [THREADS (1-64) [PAIRS_PER_THREAD]]\n", stderr);
    return 1;
  }
  pthread_t t[64];
  for (int i = 0; i < threads; i++)
    if (pthread_create(&t[i], 0, work, (void *)(uintptr_t)(i + 1))) {
      fputs("malloc_loop: pthread_create failed\n", stderr);
      return 1;
    }
  uint64_t total = 0;
  for (int i = 0; i < threads; i++) {
    void *r;
    pthread_join(t[i], &r);
    total += (uintptr_t)r;
  }
  printf("%llu\n", (unsigned long long)total);
  return 0;
}
