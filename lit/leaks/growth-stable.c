// Still-reachable memory that does not grow at every check is no growth
// leak: a set allocated once, blocks allocated and freed between checks,
// and a buffer that grows for two checks and then stays. Nothing is
// printed and the exit status stays 0, even with leak_kinds_fail=growth.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=leak_kinds_fail=growth %run %t 2>&1 | count 0
#include <sleuth/sleuth.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *kept[16];
static char *buffer;

int main(void) {
  for (int i = 0; i < 16; i++)
    kept[i] = malloc(64 + i);
  size_t size = 1000, growing = 0;
  for (int check = 0; check < 5; check++) {
    void *temp[100];
    for (int i = 0; i < 100; i++)
      temp[i] = malloc(200);
    for (int i = 0; i < 100; i++)
      free(temp[i]);
    if (check < 2) {
      size *= 2;
      buffer = realloc(buffer, size);
      memset(buffer, 1, size);
    }
    growing = sleuth_leak_growth_check();
  }
  if (growing)
    printf("growing after the last check: %zu\n", growing);
  return 0;
}
