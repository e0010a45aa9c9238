/* scariness.h: the points are ASan's (asan_errors.cpp), so that scores
 * from Sleuth and ASan runs of the same crash compare. */
#include "scariness.h"

#include "shadow.h"

void scariness_add(scariness_t *s, int points, const char *reason) {
  size_t n = sl_strlen(s->descr), r = sl_strlen(reason);
  if (n && n + 1 < sizeof s->descr)
    s->descr[n++] = '-';
  if (n + r >= sizeof s->descr)
    r = sizeof s->descr - 1 - n;
  sl_memcpy(s->descr + n, reason, r);
  s->descr[n + r] = 0;
  s->score += points;
}

/* Points for the kind of bad memory, and whether an access far from the
 * object's bounds (poisoned shadow on both sides) adds to them: a far
 * overflow is a computed index, the attacker's choice. */
static int kind_points(const char *kind, int is_write, int *far_counts) {
  static const struct {
    const char *kind;
    int points, read_bonus, far;
  } table[] = {
      /* A read of freed memory is nearly as bad as a write: the block may
       * hold someone else's data by now. */
      {"heap-buffer-overflow", 10, 0, 1},
      {"heap-use-after-free", 20, 18, 0},
      {"stack-buffer-underflow", 25, 0, 1},
      {"stack-buffer-overflow", 25, 0, 1},
      {"dynamic-stack-buffer-overflow", 25, 0, 1},
      {"stack-use-after-return", 30, 18, 0},
      {"stack-use-after-scope", 10, 0, 0},
      {"global-buffer-overflow", 10, 0, 1},
      {"use-after-poison", 20, 0, 0},
      {"container-overflow", 10, 0, 0},
      {"initialization-order-fiasco", 1, 0, 0},
  };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (!sl_strcmp(kind, table[i].kind)) {
      *far_counts = table[i].far;
      return table[i].points + (is_write ? 0 : table[i].read_bonus);
    }
  *far_counts = 0;
  return 0; /* unknown-crash */
}

/* ASan's test: from addr's shadow byte (the second one for a wide access
 * that starts in an addressable granule; the next one when addr is in a
 * partial granule), both neighbours are poisoned. */
static int far_from_bounds(uptr addr, uptr size) {
  if (!shadow_is_app_mem(addr) || !shadow_is_app_mem(addr - 8) ||
      !shadow_is_app_mem(addr + 16))
    return 0;
  const uint8_t *s = (const uint8_t *)MEM_TO_SHADOW(addr);
  if (*s == 0 && size > 8)
    s++;
  if (*s > 0 && *s < 128)
    s++;
  return s[-1] > 127 && s[1] > 127;
}

void scariness_access(scariness_t *s, const char *kind, uptr addr, uptr size,
                      int is_write) {
  if (!size)
    return;
  if (size <= 9) {
    char word[] = "?-byte";
    word[0] = (char)('0' + size);
    scariness_add(s, (int)(size + size / 2), word);
  } else {
    scariness_add(s, 15, "multi-byte");
  }
  scariness_add(s, is_write ? 20 : 1, is_write ? "write" : "read");
  int far;
  scariness_add(s, kind_points(kind, is_write, &far), kind);
  if (far && far_from_bounds(addr, size))
    scariness_add(s, 10, "far-from-bounds");
}
