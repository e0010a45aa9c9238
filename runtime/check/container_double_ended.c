/* Double-ended contiguous-container annotations (ASan's interface since
 * compiler-rt 16; libc++'s std::deque calls them for each of its blocks
 * once __has_feature(address_sanitizer) is on). A container owns the
 * storage [storage_beg, storage_end) and uses [beg, end) somewhere inside
 * it: the rest of the storage is poisoned SH_CONTAINER_OVERFLOW, so an
 * access before the first element or after the last is reported as
 * container-overflow.
 *
 * The shadow says, per 8-byte granule, how many of its first bytes are
 * addressable; what it cannot say is settled as ASan settles it, towards
 * silence:
 * - the granule that holds `beg` is addressable from its start (the
 *   bytes before `beg` in it stay unpoisoned);
 * - in a first granule shared with what lies before the storage, that
 *   prefix keeps its state (it may only become addressable, with the
 *   container);
 * - a last granule shared with addressable memory after the storage
 *   stays wholly addressable (a heap block's tail is followed by its
 *   redzone, so there the granule is poisoned past `end` as usual).
 *
 * detect_container_overflow=0 makes all three calls no-ops, as for the
 * single-ended ones (container_annotations.c). */
#include "interception.h"
#include "options.h"
#include "report.h"
#include "shadow.h"
#include "unwind.h"

#define G SHADOW_GRANULE

/* The storage and the container in use, as addresses. */
typedef struct {
  uptr s_beg, s_end, beg, end;
} layout;

/* How many leading bytes of the granule at g are addressable now: 0..G. */
static uptr addressable_prefix(uptr g) {
  int8_t s = *(int8_t *)MEM_TO_SHADOW(g);
  return s == 0 ? G : s > 0 ? (uptr)s : 0;
}

/* The number of leading bytes of the granule at g that should be
 * addressable, given what is addressable now (for the parts of a shared
 * first or last granule that lie outside the storage). */
static uptr wanted_prefix(const layout *l, uptr g) {
  uptr now = addressable_prefix(g);
  if (l->s_end < g + G && now == G)
    return G; /* addressable memory follows the storage in this granule */
  uptr k = 0;
  if (g < l->s_beg && now >= l->s_beg - g)
    k = l->s_beg - g; /* what precedes the storage stays addressable */
  if (l->beg < l->end && SHADOW_DOWN(l->beg) <= g && l->end > g) {
    uptr used = (l->end < g + G ? l->end : g + G) - g;
    if (used > k)
      k = used;
  }
  return k;
}

static void set_prefix(uptr g, uptr k) {
  *(int8_t *)MEM_TO_SHADOW(g) =
      k == G ? 0 : k == 0 ? (int8_t)SH_CONTAINER_OVERFLOW : (int8_t)k;
}

static void rewrite(const layout *l, uptr from, uptr to) {
  uptr lo = SHADOW_DOWN(from < l->s_beg ? l->s_beg : from);
  uptr hi = SHADOW_UP(to > l->s_end ? l->s_end : to);
  for (uptr g = lo; g < hi; g += G)
    set_prefix(g, wanted_prefix(l, g));
}

SL_INTERFACE SL_NOINLINE void
__sanitizer_annotate_double_ended_contiguous_container(
    const void *storage_beg, const void *storage_end, const void *old_beg_p,
    const void *old_end_p, const void *new_beg_p, const void *new_end_p) {
  if (!sl_opt.detect_container_overflow)
    return;
  uptr s_beg = (uptr)storage_beg, s_end = (uptr)storage_end;
  uptr ob = (uptr)old_beg_p, oe = (uptr)old_end_p;
  uptr nb = (uptr)new_beg_p, ne = (uptr)new_end_p;
  if (!(ob <= oe && nb <= ne && s_beg <= nb && ne <= s_end && s_beg <= ob &&
        oe <= s_end && shadow_range_is_app_mem(s_beg, s_end))) {
    /* ASan's error, then (halt_on_error=0) the call is ignored. */
    report_bad_double_ended_container_params(
        s_beg, s_end, ob, oe, nb, ne,
        stack_capture_full_id(CALLER_PC_HERE(), FRAME_HERE()));
    return;
  }
  layout l = {s_beg, s_end, nb, ne};
  if (ob == oe || nb == ne || ne <= ob || oe <= nb) {
    /* A container appears, empties or jumps: every granule may change
     * (an empty old container is fresh storage, not yet poisoned). */
    rewrite(&l, s_beg, s_end);
    return;
  }
  /* The two overlap: only the granules between the old and the new
   * front, and between the old and the new back, change. */
  rewrite(&l, nb < ob ? nb : ob, nb < ob ? ob : nb);
  rewrite(&l, ne < oe ? ne : oe, ne < oe ? oe : ne);
}

SL_INTERFACE const void *
__sanitizer_double_ended_contiguous_container_find_bad_address(
    const void *storage_beg, const void *beg_p, const void *end_p,
    const void *storage_end) {
  if (!sl_opt.detect_container_overflow)
    return 0;
  uptr s_beg = (uptr)storage_beg, s_end = (uptr)storage_end;
  uptr beg = (uptr)beg_p, end = (uptr)end_p;
  if (!(s_beg <= beg && beg <= end && end <= s_end) ||
      !shadow_range_is_app_mem(s_beg, s_end))
    return storage_beg;
  layout l = {s_beg, s_end, beg, end};
  for (uptr g = SHADOW_DOWN(s_beg); g < s_end; g += G) {
    uptr now = addressable_prefix(g), want = wanted_prefix(&l, g);
    /* The bytes [g + lo, g + hi) disagree; only the storage's count. */
    uptr lo = g + (now < want ? now : want), hi = g + (now < want ? want : now);
    if (lo < s_beg)
      lo = s_beg;
    if (hi > s_end)
      hi = s_end;
    if (lo < hi)
      return (const void *)lo;
  }
  return 0;
}

SL_INTERFACE int __sanitizer_verify_double_ended_contiguous_container(
    const void *storage_beg, const void *beg, const void *end,
    const void *storage_end) {
  return __sanitizer_double_ended_contiguous_container_find_bad_address(
             storage_beg, beg, end, storage_end) == 0;
}
