// A shared library that leaks (for suppression by module).
#include <stdlib.h>
#include <string.h>

void *lib_make(unsigned n) {
  char *p = malloc(n);
  memset(p, 2, n);
  return p;
}
