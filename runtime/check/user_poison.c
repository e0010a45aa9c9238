/* __sleuth_poison_memory_region / __sleuth_unpoison_memory_region (and
 * ASan's names for them): the user's own poisoning, with ASan's rules for
 * granules the region only partly covers. A shadow byte can only say "the
 * first k bytes are addressable", so:
 *  - poisoning [beg, end) poisons at least [beg, AlignDown(end)): a granule
 *    the region ends inside is poisoned whole only if its bytes past the
 *    region were unaddressable already (a 2-byte global, malloc(2)), and a
 *    granule it starts inside keeps only its bytes before beg;
 *  - unpoisoning unpoisons at most [AlignDown(beg), end): the granule it
 *    ends inside becomes addressable up to end, never less than it was.
 * The same rules make a sequence of calls from code written for ASan leave
 * the same shadow, hence the same reports. */
#define __SLEUTH__ 1 /* declare the real functions, not the no-op macros */
#include "../../include/sleuth/sleuth.h"

#include "options.h"
#include "shadow.h"

/* One end of the region: its granule's shadow byte and the offset in it. */
typedef struct {
  int8_t *shadow;
  int8_t offset;
  int8_t value;
} granule_end_t;

static granule_end_t granule_end(uptr a) {
  granule_end_t e;
  e.shadow = (int8_t *)MEM_TO_SHADOW(a);
  e.offset = (int8_t)(a & (SHADOW_GRANULE - 1));
  e.value = *e.shadow;
  return e;
}

static int8_t min8(int8_t a, int8_t b) { return a < b ? a : b; }
static int8_t max8(int8_t a, int8_t b) { return a > b ? a : b; }

/* The two ends of a region the user may (un)poison: allowed
 * (allow_user_poisoning), not empty, application memory at both ends and
 * not wrapping around. 0 if it is none. */
static int user_region(const volatile void *addr, size_t size,
                       granule_end_t *beg, granule_end_t *end) {
  uptr a = (uptr)addr;
  if (!sl_opt.allow_user_poisoning || !size || a + size <= a ||
      !shadow_range_is_app_mem(a, a + size))
    return 0;
  *beg = granule_end(a);
  *end = granule_end(a + size);
  return 1;
}

SL_INTERFACE void __sleuth_poison_memory_region(const volatile void *addr,
                                                size_t size) {
  granule_end_t beg, end;
  if (!user_region(addr, size, &beg, &end))
    return;
  uptr beg_addr = (uptr)addr;
  if (beg.shadow == end.shadow) {
    /* Inside one granule: only a region reaching the granule's addressable
     * end can be poisoned (a poisoned or fully addressable granule stays
     * as it is). */
    if (beg.value > 0 && beg.value <= end.offset)
      *beg.shadow =
          beg.offset ? min8(beg.value, beg.offset) : (int8_t)SH_USER_POISONED;
    return;
  }
  if (beg.offset) {
    /* Keep the bytes before beg addressable, and no more than were. */
    *beg.shadow = beg.value == 0 ? beg.offset : min8(beg.value, beg.offset);
    beg.shadow++;
  }
  if (end.shadow > beg.shadow)
    shadow_poison(SHADOW_DOWN(beg_addr + (beg.offset ? SHADOW_GRANULE : 0)),
                  (uptr)(end.shadow - beg.shadow) * SHADOW_GRANULE,
                  SH_USER_POISONED);
  /* The last granule's tail past the region is unaddressable already:
   * the whole granule is now. */
  if (end.value > 0 && end.value <= end.offset)
    *end.shadow = (int8_t)SH_USER_POISONED;
}

SL_INTERFACE void __sleuth_unpoison_memory_region(const volatile void *addr,
                                                  size_t size) {
  granule_end_t beg, end;
  if (!user_region(addr, size, &beg, &end))
    return;
  uptr beg_addr = (uptr)addr;
  if (beg.shadow == end.shadow) {
    if (beg.value != 0)
      *beg.shadow = max8(beg.value, end.offset);
    return;
  }
  shadow_unpoison(SHADOW_DOWN(beg_addr),
                  (uptr)(end.shadow - beg.shadow) * SHADOW_GRANULE);
  if (end.offset && end.value != 0)
    *end.shadow = max8(end.value, end.offset);
}
