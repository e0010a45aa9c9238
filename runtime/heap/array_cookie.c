/* The array cookie of new T[n] (pass/ArrayCookies.cpp): the 8 bytes in
 * front of the array that hold n. Poisoned once written, so that an
 * underflow of the array that overwrites the count is a
 * heap-buffer-overflow; delete[] reads the count through here. */
#include "abi.h"

#include "allocator.h"
#include "options.h"
#include "report.h"
#include "shadow.h"

SL_INTERFACE void __sleuth_poison_array_cookie(uintptr_t cookie) {
  if (!sl_opt.poison_array_cookie || !cookie || (cookie & 7))
    return;
  /* Only the start of a live new[] block of ours: the pattern the pass
   * matched could, in principle, be something else. */
  chunk_info ci;
  if (!allocator_describe(cookie, &ci) || ci.user_beg != cookie ||
      ci.state != CHUNK_ALLOCATED || ci.type != AT_NEW_ARRAY ||
      ci.size < 8)
    return;
  shadow_poison(cookie, 8, SH_ARRAY_COOKIE);
}

SL_INTERFACE uint64_t __sleuth_load_array_cookie(uintptr_t cookie) {
  /* With poison_array_cookie=0 the count is read as it is, as ASan does:
   * a second delete[] runs as many destructors as the freed memory says. */
  if (!sl_opt.poison_array_cookie)
    return *(uint64_t *)cookie;
  /* An array deleted before: the count is read from freed memory. Say so
   * (ASan's words), run no destructor over it; operator delete[] then
   * reports the double free with both stacks. */
  if (*(uint8_t *)MEM_TO_SHADOW(cookie) == SH_FREED) {
    report_raw("Sleuth: loaded array cookie from free-d memory at %p "
               "(heap-use-after-free by delete[]; no destructor run)",
               (void *)cookie);
    return 0;
  }
  return *(uint64_t *)cookie;
}
