#include "maps.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

bool maps_parse_line(const char *line, mapping *out) {
  unsigned long long start, end, off;
  char perms[8];
  int n = 0;
  if (sscanf(line, "%llx-%llx %7s %llx %*s %*s%n", &start, &end, perms, &off,
             &n) != 4 || n == 0 || end < start || strlen(perms) != 4)
    return false;
  const char *p = line + n;
  while (*p == ' ' || *p == '\t')
    p++;
  out->start = start;
  out->end = end;
  out->file_offset = off;
  out->exec = perms[2] == 'x';
  out->path = xstrdup(p);
  return true;
}

void maps_add(mapping_list *l, const mapping *m) {
  GROW(l->v, l->cap, l->n);
  l->v[l->n++] = *m;
}

const mapping *maps_find(const mapping_list *l, uint64_t addr) {
  /* Dumps hold a few hundred lines at most: a linear scan is enough, and
   * the first match wins as in the kernel's list (no overlaps there). */
  for (size_t i = 0; i < l->n; i++) {
    const mapping *m = &l->v[i];
    if (addr >= m->start && addr < m->end)
      return m->path[0] && m->path[0] != '[' ? m : NULL;
  }
  return NULL;
}

uint64_t maps_file_offset(const mapping *m, uint64_t addr) {
  return addr - m->start + m->file_offset;
}
