// A plugin that leaks: the program dlopens it, calls plugin_leak, and
// dlcloses it before exit.
#include <stdlib.h>
#include <string.h>

void plugin_leak(void) {
  char *volatile p = malloc(72); // the allocation line the report must show
  memset(p, 7, 72);
  p = 0;
}
