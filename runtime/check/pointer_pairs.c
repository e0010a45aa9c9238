/* The entry points of -fsanitize=pointer-compare / pointer-subtract
 * (abi.h): a relational comparison or a subtraction of two pointers is
 * checked under detect_invalid_pointer_pairs (1: pairs without a null
 * pointer, 2: those too), as ASan's option. Two pointers close together
 * with no poisoned byte between them are in one object (every object
 * Sleuth knows is bounded by redzones) or in memory it does not know; the
 * rest is decided by report_invalid_pointer_pair from what the addresses
 * are (heap block, stack variable, global). */
#include "abi.h"

#include "options.h"
#include "report.h"
#include "shadow.h"

/* Pairs this far apart or closer are decided from the shadow between
 * them when it is clean (at most 256 shadow bytes, ASan's distance). */
#define NEAR_PAIR 2048

static SL_NOINLINE void check_pair(uptr a1, uptr a2, uptr pc, uptr bp) {
  long long level = sl_opt.detect_invalid_pointer_pairs;
  if (!level || a1 == a2 || (level == 1 && (!a1 || !a2)))
    return;
  uptr left = a1 < a2 ? a1 : a2, right = a1 < a2 ? a2 : a1;
  if (right - left <= NEAR_PAIR && !shadow_range_bad(left, right - left))
    return;
  report_invalid_pointer_pair(a1, a2, pc, bp);
}

SL_INTERFACE SL_NOINLINE void __sleuth_ptr_cmp(uintptr_t a, uintptr_t b) {
  check_pair(a, b, (uptr)__builtin_return_address(0),
             *(uptr *)__builtin_frame_address(0));
}

SL_INTERFACE SL_NOINLINE void __sleuth_ptr_sub(uintptr_t a, uintptr_t b) {
  check_pair(a, b, (uptr)__builtin_return_address(0),
             *(uptr *)__builtin_frame_address(0));
}
