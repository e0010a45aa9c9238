#include <stdlib.h>
char *lib_make(int n) { return malloc((size_t)n); }
void lib_poke(char *p, int i) { p[i] = 1; }
