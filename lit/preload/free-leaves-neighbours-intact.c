// Freeing blocks of every small size under the preloaded checker (which
// writes its record and a pattern into each freed block) must not touch
// the bytes of the blocks around them: live neighbours keep their contents
// and the run is silent.
// RUN: %clang -O2 -g %s -o %t
// RUN: %sleuth_run %t 2>&1 | count 0
#include <stdlib.h>
#include <string.h>

#define N 2000

int main(void) {
  static unsigned char *blocks[N];
  for (int i = 0; i < N; i++) {
    size_t n = 1 + i % 300;
    blocks[i] = malloc(n);
    memset(blocks[i], i & 0xff, n);
  }
  for (int i = 0; i < N; i += 2)
    free(blocks[i]);
  int bad = 0;
  for (int i = 1; i < N; i += 2)
    for (size_t j = 0; j < 1 + (size_t)i % 300; j++)
      bad |= blocks[i][j] != (i & 0xff);
  for (int i = 1; i < N; i += 2)
    free(blocks[i]);
  return bad;
}
