/* The torture program (test/torture/README.md): threads that allocate and
 * free blocks of every size class with cross-thread frees, while the main
 * thread runs on-demand leak scans, heap-profile dumps, forks, signals
 * whose handlers allocate, thread exits, and finally returns from main with
 * detached threads still allocating. A correct run prints nothing of
 * Sleuth's and exits 0; anything else (a report, a crash, a hang) is a
 * runtime bug. Built instrumented (sleuth-cc) and plain (for sleuth-run).
 *
 *   torture SEED THREADS MILLISECONDS
 *
 * Valid C with no memory errors and no leaks: every block is freed or
 * reachable from a global, a thread's stack or the exchange. */
#define _GNU_SOURCE
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Sleuth's entry points, weak so the plain build links (under sleuth-run
 * the preloaded runtime provides them). */
int __lsan_do_recoverable_leak_check(void) __attribute__((weak));
int sleuth_heap_profile_dump(const char *path) __attribute__((weak));

#define EXCHANGE 1024
static void *exchange[EXCHANGE]; /* blocks handed between threads */
static volatile int stop_workers;        /* joined workers stop */

static uint64_t next_rand(uint64_t *s) {
  *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
  return *s;
}

/* A size from every class: small, mid (up to 8 KiB), 8-128 KiB (the
 * quarantine gives their pages back and hides them), huge (own mapping). */
static size_t pick_size(uint64_t *s) {
  uint64_t r = next_rand(s);
  switch (r % 16) {
  case 0: case 1: case 2: case 3: case 4: case 5: return r >> 40 & 255;
  case 6: case 7: case 8: return 256 + (r >> 40) % 7936;
  case 9: case 10: case 11: case 12: return 8192 + (r >> 40) % 122880;
  case 13: case 14: return 131072 + (r >> 40) % (3u << 20);
  default: return (r >> 40) % 64;
  }
}

static void *get_block(uint64_t *s, size_t *size) {
  *size = pick_size(s);
  void *p;
  switch (next_rand(s) % 8) {
  case 0: p = calloc(1, *size); break;
  case 1: {
    void *q = malloc(*size / 2 + 1);
    p = q ? realloc(q, *size) : 0;
    if (!p && *size) /* realloc(q, 0) has freed q already */
      free(q);
    break;
  }
  case 2: p = memalign((size_t)16 << (next_rand(s) % 9), *size); break;
  case 3:
    if (posix_memalign(&p, 64, *size))
      p = 0;
    break;
  default: p = malloc(*size); break;
  }
  if (p && *size)
    memset(p, 0x5a, *size < 64 ? *size : 64); /* inside the block only */
  return p;
}

typedef struct {
  uint64_t seed;
  int detached;
} worker_arg;

static void *worker(void *varg) {
  worker_arg a = *(worker_arg *)varg;
  free(varg);
  uint64_t s = a.seed | 1;
  void *ring[32] = {0};
  for (unsigned i = 0; a.detached || !stop_workers; i++) {
    size_t size;
    void *p = get_block(&s, &size);
    unsigned k = i % 32;
    if (next_rand(&s) % 4 == 0) {
      /* cross-thread: leave it in the exchange, free what was there */
      void *old = __atomic_exchange_n(&exchange[next_rand(&s) % EXCHANGE], p,
                                      __ATOMIC_ACQ_REL);
      free(old);
    } else {
      free(ring[k]);
      ring[k] = p;
    }
    if (!a.detached && i > 4000 && next_rand(&s) % 2048 == 0)
      break; /* a thread exit in the middle of it all */
  }
  for (int k = 0; k < 32; k++)
    free(ring[k]);
  return 0;
}

static void start_worker(uint64_t seed, int detached, pthread_t *t) {
  worker_arg *a = malloc(sizeof *a);
  a->seed = seed;
  a->detached = detached;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  if (detached)
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  if (pthread_create(t, &attr, worker, a)) {
    free(a);
    *t = 0;
  }
  pthread_attr_destroy(&attr);
}

/* A handler that allocates: not async-signal-safe by POSIX, but done by
 * real programs; the runtime must survive a signal that lands inside its
 * own malloc or free. */
static void on_signal(int sig) {
  (void)sig;
  void *p = malloc(48);
  if (p)
    memset(p, 1, 48);
  free(p);
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: torture SEED THREADS MILLISECONDS\n");
    return 2;
  }
  uint64_t s = strtoull(argv[1], 0, 10) * 0x9e3779b97f4a7c15ull | 1;
  int nthreads = atoi(argv[2]);
  double until = now_ms() + atof(argv[3]);
  const char *dump_dir = getenv("TORTURE_DUMP_DIR");
  signal(SIGUSR1, on_signal);
  pthread_t *t = calloc((size_t)nthreads, sizeof *t);
  for (int i = 0; i < nthreads; i++)
    start_worker(next_rand(&s), 0, &t[i]);
  for (int round = 0; now_ms() < until; round++) {
    usleep(2000 + next_rand(&s) % 8000);
    switch (next_rand(&s) % 6) {
    case 0:
      if (__lsan_do_recoverable_leak_check && __lsan_do_recoverable_leak_check())
        return 3; /* a leak reported while nothing leaks */
      break;
    case 1:
      if (sleuth_heap_profile_dump && dump_dir) {
        char path[4096];
        snprintf(path, sizeof path, "%s/dump.%d.%d.heap", dump_dir,
                 (int)getpid(), round);
        sleuth_heap_profile_dump(path);
      }
      break;
    case 2: {
      pid_t pid = fork();
      if (pid == 0) { /* the child allocates with the parent's threads gone */
        uint64_t cs = s ^ 77;
        for (int i = 0; i < 200; i++) {
          size_t size;
          free(get_block(&cs, &size));
        }
        exit(0);
      }
      int st;
      if (pid > 0 && (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) ||
                      WEXITSTATUS(st) != 0)) {
        fprintf(stderr, "torture: fork child failed (status %d)\n", st);
        return 4;
      }
      break;
    }
    case 3:
      for (int i = 0; i < nthreads; i++)
        if (t[i])
          pthread_kill(t[i], SIGUSR1);
      break;
    default: { /* replace a thread that has exited */
      int i = (int)(next_rand(&s) % (uint64_t)nthreads);
      if (t[i] && pthread_tryjoin_np(t[i], 0) == 0)
        start_worker(next_rand(&s), 0, &t[i]);
      break;
    }
    }
  }
  /* The end: the joined workers stop, detached ones keep allocating and
   * freeing while main returns (the exit checks run with them still at it). */
  stop_workers = 1;
  for (int i = 0; i < nthreads; i++)
    if (t[i])
      pthread_join(t[i], 0);
  for (int i = 0; i < nthreads / 2 + 1; i++) {
    pthread_t d;
    start_worker(next_rand(&s), 1, &d);
  }
  usleep(20000);
  free(t);
  return 0;
}
