/* ASan's scariness score (print_scariness=1): a rough rank of how
 * exploitable an error looks, printed as "SCARINESS: N (description)"
 * before the error's stack. Fuzzing infrastructure sorts and deduplicates
 * crashes by it, so the numbers and descriptions are ASan's own. */
#ifndef SLEUTH_SCARINESS_H
#define SLEUTH_SCARINESS_H

#include "sys.h"

typedef struct {
  int score; /* 0: no line (ASan prints none either) */
  char descr[96];
} scariness_t;

/* Adds points and one '-'-joined word of the description. */
void scariness_add(scariness_t *s, int points, const char *reason);
/* An access error: its size ("4-byte", "multi-byte"), read or write, the
 * kind, and "far-from-bounds" when the shadow on both sides of addr (the
 * address the report names) is poisoned. Size 0 scores nothing, as in
 * ASan. */
void scariness_access(scariness_t *s, const char *kind, uptr addr, uptr size,
                      int is_write);
#endif
