/* The program the fuzzer starts with mutated options and suppression
 * files (fuzz.py). Without an argument it is clean: it prints "main ran"
 * and frees what it allocates, so the only things that can stop it are
 * the runtime's start-up checks. With "leak" it leaks from two functions
 * (and sleeps so the heap timeline gets samples): its reports, heap
 * profile and timeline seed the sleuth-report cases, and the suppression
 * cases run against its leak stacks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void *volatile sink[64];

__attribute__((noinline)) void *fuzz_leak_small(int i) {
  char *p = malloc(24 + i);
  memset(p, i, 24 + i);
  return p;
}

__attribute__((noinline)) void *fuzz_leak_large(void) {
  char *p = malloc(5000);
  memset(p, 7, 5000);
  return p;
}

int main(int argc, char **argv) {
  puts("main ran");
  fflush(stdout);
  if (argc > 1 && !strcmp(argv[1], "leak")) {
    for (int i = 0; i < 8; i++)
      sink[i] = fuzz_leak_small(i);
    sink[8] = fuzz_leak_large();
    struct timespec ts = {0, 30 * 1000 * 1000};
    nanosleep(&ts, 0);
    for (int i = 0; i < 9; i++)
      sink[i] = 0;
    return 0;
  }
  char *p = malloc(100);
  memset(p, 1, 100);
  free(p);
  return 0;
}
