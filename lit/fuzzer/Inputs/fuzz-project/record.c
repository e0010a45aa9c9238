#include <stdlib.h>
#include <string.h>

static char *volatile field;

/* A record is "key=value"; a key "over" overflows its copy (the bug the
 * regression input keeps), unless built with the fix (-DFIXED). */
int parse_record(const char *rec, size_t n) {
  const char *eq = memchr(rec, '=', n);
  if (!eq)
    return -1;
  size_t klen = (size_t)(eq - rec);
  field = malloc(klen ? klen : 1);
  memcpy(field, rec, klen);
#ifndef FIXED
  if (klen == 4 && memcmp(rec, "over", 4) == 0)
    field[klen] = 0;
#endif
  free(field);
  return 0;
}
