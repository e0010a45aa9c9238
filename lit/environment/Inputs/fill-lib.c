// The library of symbolizer-library-path.c, found only through
// LD_LIBRARY_PATH: it overflows the block its caller hands it.
#include <string.h>

void fill(char *p, int n) {
  memset(p, 'x', n - 1);
  p[n] = 0; // FILL_OVERFLOW
}
