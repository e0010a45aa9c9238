/* Shadow memory (DESIGN.md §2): one shadow byte per 8 application bytes.
 * 0 = all addressable, 1..7 = first k addressable, negative = poisoned, the
 * value naming why (so the report kind is read straight from the shadow). */
#ifndef SLEUTH_SHADOW_H
#define SLEUTH_SHADOW_H

#include "abi.h"
#include "sys.h"

#define SHADOW_GRANULE 8
#define MEM_TO_SHADOW(a) (((uptr)(a) >> SLEUTH_SHADOW_SCALE) + SLEUTH_SHADOW_OFFSET)

/* Poison values, as ASan uses them so shadow dumps look familiar. */
enum {
  SH_HEAP_REDZONE = 0xfa,
  SH_FREED = 0xfd,
  SH_STACK_LEFT = 0xf1,
  SH_STACK_MID = 0xf2,
  SH_STACK_RIGHT = 0xf3,
  SH_STACK_AFTER_RETURN = 0xf5,
  SH_USER_POISONED = 0xf7,
  SH_STACK_AFTER_SCOPE = 0xf8,
  SH_GLOBAL_REDZONE = 0xf9,
  SH_ALLOCA_LEFT = 0xca,
  SH_ALLOCA_RIGHT = 0xcb,
  SH_POOL_REDZONE = 0xfc,
  SH_INTERNAL = 0xfe,
};

/* Maps the shadow; prints one line and exits if the layout conflicts. */
void shadow_init(void);
/* addr must be granule-aligned; size is rounded up to whole granules. */
void shadow_poison(uptr addr, uptr size, uint8_t value);
/* Makes [addr, addr+size) addressable; a partial last granule gets k. */
void shadow_unpoison(uptr addr, uptr size);
/* Resets a large range to 0, returning the shadow pages to the kernel. */
void shadow_clear_release(uptr addr, uptr size);
/* First poisoned byte in [addr, addr+size), or 0 if none. */
uptr shadow_first_poisoned(uptr addr, uptr size);
/* Whether one byte is poisoned. */
int shadow_byte_poisoned(uptr addr);
/* Whether addr is application memory (not shadow or the shadow gap). */
int shadow_is_app_mem(uptr addr);
#endif
