/* Shadow memory (DESIGN.md §2): one shadow byte per 8 application bytes.
 * 0 = all addressable, 1..7 = first k addressable, negative = poisoned, the
 * value naming why (so the report kind is read straight from the shadow). */
#ifndef SLEUTH_SHADOW_H
#define SLEUTH_SHADOW_H

#include "abi.h"
#include "heap_layout.h"
#include "sys.h"

#define SHADOW_GRANULE 8
/* The granule that holds x, and the first granule boundary at or after x. */
#define SHADOW_DOWN(x) ((uptr)(x) & ~(uptr)(SHADOW_GRANULE - 1))
#define SHADOW_UP(x) (((uptr)(x) + SHADOW_GRANULE - 1) & ~(uptr)(SHADOW_GRANULE - 1))
#define MEM_TO_SHADOW(a)                                                       \
  (((uptr)(a) >> SLEUTH_SHADOW_SCALE) + SLEUTH_SHADOW_OFFSET)

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
  SH_INIT_ORDER = 0xf6, /* another module's global, not initialised yet */
  SH_ARRAY_COOKIE = 0xac, /* the element count in front of new T[n] */
  SH_POOL_REDZONE = 0xfb,       /* not ASan's: it has no pools */
  SH_CONTAINER_OVERFLOW = 0xfc, /* a container's unused capacity */
  SH_INTERNAL = 0xfe,
};

/* Maps the shadow; prints one line and exits if the layout conflicts. */
void shadow_init(void);
/* addr must be granule-aligned; size is rounded up to whole granules. */
void shadow_poison(uptr addr, uptr size, uint8_t value);
/* Makes [addr, addr+size) addressable; a partial last granule gets k. */
void shadow_unpoison(uptr addr, uptr size);
/* How much of a heap block or global of `size` bytes is made addressable:
 * size, or with poison_partial=0 its whole last granule, as ASan leaves it
 * then (stack objects are not affected). */
uptr shadow_object_span(uptr size);
/* Resets a large range to 0, returning the shadow pages to the kernel. */
void shadow_clear_release(uptr addr, uptr size);
/* First poisoned byte in [addr, addr+size), or 0 if none. */
uptr shadow_first_poisoned(uptr addr, uptr size);
/* Whether one byte is poisoned. */
int shadow_byte_poisoned(uptr addr);

/* Application memory: below the low shadow and above the high shadow. */
#define SHADOW_LOW_MEM_END 0x7fff7fffULL
#define SHADOW_HIGH_MEM_BEG 0x10007fff8000ULL
#define SHADOW_HIGH_MEM_END 0x7fffffffffffULL

/* The gap between the two shadows (ASan's ShadowGap). Inaccessible, but
 * with protect_shadow_gap=0 left to the program (GPU drivers map memory
 * there) with its shadow mapped: then application memory too. */
#define SHADOW_GAP_BEG 0x8fff7000ULL
#define SHADOW_GAP_END 0x2008fff6fffULL
extern int sl_shadow_gap_open;
static inline int shadow_gap_has(uptr a) {
  return SL_UNLIKELY(sl_shadow_gap_open) && a >= SHADOW_GAP_BEG &&
         a <= SHADOW_GAP_END;
}

/* Whether addr is application memory (not shadow or, unless
 * protect_shadow_gap=0, the shadow gap). */
static inline int shadow_is_app_mem(uptr a) {
  return a <= SHADOW_LOW_MEM_END ||
         (a >= SHADOW_HIGH_MEM_BEG && a <= SHADOW_HIGH_MEM_END) ||
         shadow_gap_has(a);
}

/* Whether [beg, end) (empty when end == beg) starts and ends in
 * application memory. */
static inline int shadow_range_is_app_mem(uptr beg, uptr end) {
  return shadow_is_app_mem(beg) && (end == beg || shadow_is_app_mem(end - 1));
}

/* Quarantined heap blocks whose pages and shadow were given back
 * (heap/quarantine_protect.c): how many there are, and the check that
 * reveals those a range touches (their shadow says freed again), so that
 * a range check that saw no poison reports them after all. */
extern int sl_shadow_hidden;
int shadow_reveal(uptr addr, uptr size);
/* Hidden blocks per size class (heap/quarantine_protect.c). */
extern uint32_t sl_hidden_in_class[N_CLASSES]
    __attribute__((visibility("hidden")));

/* Whether [addr, addr+size) (size > 0) may touch a hidden block: not
 * when it is outside the heap, or within one size class none of whose
 * blocks is hidden now (most ranges: strings and small structs in the
 * small classes, or a copy into a live page-sized buffer while other
 * classes' blocks are hidden). Inline, since every range check asks while
 * blocks are hidden: as a call it was 3.6 % of speedtest1's time. */
static inline int shadow_may_touch_hidden(uptr addr, uptr size) {
  uptr off = addr - HEAP_BEG, last = off + size - 1;
  if (off >= HEAP_SIZE)
    return 0;
  return last >= HEAP_SIZE || (off >> REGION_SHIFT) != (last >> REGION_SHIFT) ||
         __atomic_load_n(&sl_hidden_in_class[off >> REGION_SHIFT],
                         __ATOMIC_RELAXED);
}

static inline int shadow_range_bad_raw(uptr addr, uptr size);

/* Whether [addr, addr+size) holds a poisoned byte or leaves application
 * memory: the check of every range that libc or a mem intrinsic touches.
 * Up to 64 bytes it reads the few shadow bytes inline: every granule but
 * the last must be 0, and the last must cover the range's final byte. */
static inline __attribute__((always_inline)) int shadow_range_bad(uptr addr,
                                                                  uptr size) {
  if (shadow_range_bad_raw(addr, size))
    return 1;
  return SL_UNLIKELY(__atomic_load_n(&sl_shadow_hidden, __ATOMIC_RELAXED)) &&
         size && shadow_may_touch_hidden(addr, size) &&
         shadow_reveal(addr, size);
}

static inline int shadow_range_bad_raw(uptr addr, uptr size) {
  if (!size)
    return 0;
  uptr last = addr + size - 1;
  /* Wholly in high or wholly in low application memory, without wrapping
   * around: unsigned offsets from the start of each part. */
  uptr hi_a = addr - SHADOW_HIGH_MEM_BEG, hi_l = last - SHADOW_HIGH_MEM_BEG;
  if (SL_UNLIKELY(!(hi_a <= hi_l &&
                    hi_l <= SHADOW_HIGH_MEM_END - SHADOW_HIGH_MEM_BEG) &&
                  !(addr <= last && last <= SHADOW_LOW_MEM_END)) &&
      !(addr <= last && shadow_gap_has(addr) && shadow_gap_has(last)))
    return 1;
  if (size > 64)
    return shadow_first_poisoned(addr, size) != 0;
  const int8_t *s = (const int8_t *)MEM_TO_SHADOW(addr);
  const int8_t *e = (const int8_t *)MEM_TO_SHADOW(last);
  /* At most 8 granules before the last: their shadow ORed together, with
   * no branch per byte (independent loads; a loop that left at the first
   * nonzero byte was 6 % of speedtest1's time). */
  int8_t any = 0;
  for (; s < e; s++)
    any |= *s;
  return any != 0 || (*e != 0 && (int8_t)(last & 7) >= *e);
}
#endif
