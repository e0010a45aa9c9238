#include <stddef.h>
int *table_new(size_t n);
long table_fill(int *t, size_t n);
