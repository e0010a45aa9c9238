// The process's resident set in MB (from /proc/self/statm), -1 if it
// cannot be read: for tests of what the quarantine keeps resident.
#include <stdio.h>

static long rss_mb(void) {
  long pages = 0, resident = 0;
  FILE *f = fopen("/proc/self/statm", "r");
  if (!f)
    return -1;
  int got = fscanf(f, "%ld %ld", &pages, &resident);
  fclose(f);
  return got == 2 ? resident * 4096 / (1 << 20) : -1;
}
