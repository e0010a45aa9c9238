// Reading lines of every length with getline, one buffer reused and grown:
// no report, and the lines read are the lines written.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: %python -c "import sys; sys.stdout.write(''.join('x' * (i * 37 % 700) + '\n' for i in range(3000)) + 'no newline at end')" > %t.in
// RUN: %run %t < %t.in 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: %run %t < %t.in 2>&1 | count 0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  int i = 0, bad = 0;
  while ((n = getline(&line, &cap, stdin)) >= 0) {
    size_t want = i < 3000 ? (size_t)(i * 37 % 700) + 1 : strlen("no newline at end");
    bad |= (size_t)n != want || strlen(line) != (size_t)n || cap < (size_t)n + 1;
    bad |= i < 3000 && line[n - 1] != '\n';
    i++;
  }
  free(line);
  if (bad || i != 3001)
    printf("bad lines (%d read)\n", i);
  return bad || i != 3001;
}
