#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) static char *plugin_make(size_t n) {
  char *p = malloc(n);
  memset(p, 7, n);
  return p;
}

char *plugin_leak(void) {
  char *p = plugin_make(48);
  __asm__ volatile(""); // not a tail call: this frame stays on the stack
  return p;
}
