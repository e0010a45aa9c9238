/* Contiguous-container annotations (ASan's public interface, declared in
 * include/sleuth/compat/sanitizer/common_interface_defs.h). A container
 * such as libstdc++'s std::vector (with _GLIBCXX_SANITIZE_VECTOR) or
 * libc++'s vector owns [beg, end) but uses only [beg, mid): it tells us
 * each time mid moves, and the unused capacity [mid, end) is poisoned with
 * SH_CONTAINER_OVERFLOW, so an access there is reported as
 * container-overflow although the heap block itself is still allocated.
 *
 * detect_container_overflow=0 turns all three calls into no-ops: a
 * container whose mid is moved by uninstrumented code (a library built
 * without the annotations) would otherwise leave stale poison behind. */
#include "interception.h"
#include "options.h"
#include "report.h"
#include "shadow.h"
#include "unwind.h"

#define G SHADOW_GRANULE

static int params_ok(uptr beg, uptr end, uptr old_mid, uptr new_mid) {
  return beg <= old_mid && beg <= new_mid && old_mid <= end && new_mid <= end &&
         !(beg & (G - 1)) && shadow_range_is_app_mem(beg, end);
}

SL_INTERFACE SL_NOINLINE void
__sanitizer_annotate_contiguous_container(const void *beg_p, const void *end_p,
                                          const void *old_p,
                                          const void *new_p) {
  if (!sl_opt.detect_container_overflow)
    return;
  uptr beg = (uptr)beg_p, end = (uptr)end_p;
  uptr old_mid = (uptr)old_p, new_mid = (uptr)new_p;
  if (!params_ok(beg, end, old_mid, new_mid)) {
    /* ASan's bad-__sanitizer_annotate_contiguous_container error; with
     * halt_on_error=0 the call is then ignored (the shadow is left as it
     * was rather than poisoned from arguments known to be wrong). */
    report_bad_container_params(
        beg, end, old_mid, new_mid,
        stack_capture_full_id(CALLER_PC_HERE(), FRAME_HERE()));
    return;
  }
  if (old_mid == new_mid)
    return;
  /* Only the granules between the two mids change. The one holding
   * new_mid becomes partially addressable; past it, up to the granule
   * holding the larger mid, everything is container overflow. A last
   * granule shared with what follows end is poisoned only as far as
   * the container reaches it, which the heap redzone after a block
   * already covers. */
  uptr lo = old_mid < new_mid ? old_mid : new_mid;
  uptr hi = old_mid < new_mid ? new_mid : old_mid;
  uptr a = SHADOW_DOWN(lo), c = SHADOW_UP(hi);
  uptr b1 = SHADOW_DOWN(new_mid), b2 = SHADOW_UP(new_mid);
  if (b1 > a)
    shadow_unpoison(a, b1 - a);
  if (c > b2)
    shadow_poison(b2, c - b2, SH_CONTAINER_OVERFLOW);
  if (b1 != b2)
    *(int8_t *)MEM_TO_SHADOW(b1) = (int8_t)(new_mid - b1);
}

/* The first byte of [mid, end) that is addressable, or 0. */
static uptr first_addressable(uptr mid, uptr end) {
  for (uptr g = SHADOW_DOWN(mid); g < end; g += G) {
    int8_t s = *(int8_t *)MEM_TO_SHADOW(g);
    uptr first = g < mid ? mid : g;
    if (s == 0 || (s > 0 && (long)(first - g) < s))
      return first;
  }
  return 0;
}

SL_INTERFACE const void *__sanitizer_contiguous_container_find_bad_address(
    const void *beg_p, const void *mid_p, const void *end_p) {
  if (!sl_opt.detect_container_overflow)
    return 0;
  uptr beg = (uptr)beg_p, mid = (uptr)mid_p, end = (uptr)end_p;
  if (!(beg <= mid && mid <= end) || !shadow_range_is_app_mem(beg, end))
    return beg_p;
  uptr bad = mid > beg ? shadow_first_poisoned(beg, mid - beg) : 0;
  if (!bad && end > mid)
    bad = first_addressable(mid, end);
  return (const void *)bad;
}

SL_INTERFACE int __sanitizer_verify_contiguous_container(const void *beg,
                                                         const void *mid,
                                                         const void *end) {
  return __sanitizer_contiguous_container_find_bad_address(beg, mid, end) == 0;
}
