/* mmap_limit_mb, as ASan's: the allocator's mappings have a budget, and an
 * allocation that needs more than it is an out-of-memory report (ASan
 * stops on a raw CHECK; Sleuth's report names both numbers and the stack).
 * Counted always, so that turning the limit on needs no other state. */
#include "mmap_limit.h"

#include "options.h"
#include "rss_limit.h"
#include "sys.h"

static size_t total_mapped;
static size_t refused_at; /* total when the last charge was refused, or 0 */

int mmap_limit_charge(size_t len) {
  size_t now = __atomic_add_fetch(&total_mapped, len, __ATOMIC_RELAXED);
  size_t limit_mb = (size_t)sl_opt.mmap_limit_mb;
  if (limit_mb == 0 || (now >> 20) < limit_mb) {
    if (SL_LIKELY(rss_limit_allow(now - len)))
      return 1;
    __atomic_sub_fetch(&total_mapped, len, __ATOMIC_RELAXED);
    return 0;
  }
  __atomic_sub_fetch(&total_mapped, len, __ATOMIC_RELAXED);
  __atomic_store_n(&refused_at, now, __ATOMIC_RELAXED);
  return 0;
}

void mmap_limit_uncharge(size_t len) {
  __atomic_sub_fetch(&total_mapped, len, __ATOMIC_RELAXED);
}

int mmap_limit_take_refusal(size_t *total) {
  size_t at = __atomic_exchange_n(&refused_at, 0, __ATOMIC_RELAXED);
  if (total)
    *total = at;
  return at != 0;
}
