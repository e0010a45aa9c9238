/* Shadow mapping and (un)poisoning. The layout is ASan's x86_64 one
 * (FACTS.md): low shadow and high shadow reserved with MAP_NORESERVE, the
 * gap between them inaccessible, all excluded from core dumps. */
#include "shadow.h"

#include "options.h"

#include <sys/mman.h>

#include "aslr_reexec.h"

#define LOW_SHADOW_BEG 0x7fff8000ULL
#define LOW_SHADOW_END 0x8fff6fffULL
#define GAP_BEG SHADOW_GAP_BEG
#define GAP_END SHADOW_GAP_END
#define HIGH_SHADOW_BEG 0x2008fff7000ULL
#define HIGH_SHADOW_END 0x10007fff7fffULL

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

static void die_layout(const char *what, uptr beg, uptr end, long err) {
  char msg[320];
  const char *why =
      err == -17 /* EEXIST */
          ? "the range is in use (high-entropy ASLR? try: setarch -R ./prog)"
          : err == -12 /* ENOMEM */
                ? "not enough address space (is 'ulimit -v' set? Sleuth "
                  "reserves terabytes of address space, as ASan does)"
                : "mmap failed";
  size_t n =
      sl_snprintf(msg, sizeof msg,
                  "==%d==ERROR: Sleuth: cannot map %s [%p, %p): %s "
                  "(errno %ld)\n",
                  sys_getpid(), what, (void *)beg, (void *)end, why, -err);
  sys_write_all(2, msg, n);
  sys_exit_group(1);
}

static void map_range(const char *what, uptr beg, uptr end, int prot) {
  size_t len = end - beg + 1;
  long r = (long)sys_mmap(
      (void *)beg, len, prot,
      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
  if (r != (long)beg) {
    long err = r < 0 && r > -4096 ? r : -17;
    if (err == -17 /* EEXIST */) {
      char range[80];
      sl_snprintf(range, sizeof range, "the %s [%p, %p)", what, (void *)beg,
                  (void *)(end + 1));
      aslr_reexec_or_return(range); /* the shadow cannot move */
    }
    die_layout(what, beg, end + 1, err);
  }
  sys_madvise((void *)beg, len, MADV_DONTDUMP);
}

int sl_shadow_gap_open;

void shadow_init(void) {
  map_range("low shadow", LOW_SHADOW_BEG, LOW_SHADOW_END,
            PROT_READ | PROT_WRITE);
  map_range("high shadow", HIGH_SHADOW_BEG, HIGH_SHADOW_END,
            PROT_READ | PROT_WRITE);
  if (sl_opt.protect_shadow_gap) {
    map_range("shadow gap", GAP_BEG, GAP_END, PROT_NONE);
    return;
  }
  /* protect_shadow_gap=0, as ASan: the gap stays free for the program's
   * own mappings, and the gap's shadow (a part of the gap itself, as in
   * ASan) is mapped, so that memory there is checked and can be
   * poisoned like any other. */
  uptr beg = MEM_TO_SHADOW(GAP_BEG) & ~(uptr)4095;
  uptr end = (MEM_TO_SHADOW(GAP_END) | 4095);
  map_range("shadow gap's shadow", beg, end, PROT_READ | PROT_WRITE);
  sl_shadow_gap_open = 1;
}

void shadow_poison(uptr addr, uptr size, uint8_t value) {
  if (!size)
    return;
  sl_memset((void *)MEM_TO_SHADOW(addr), value,
            (size + SHADOW_GRANULE - 1) / SHADOW_GRANULE);
}

void shadow_unpoison(uptr addr, uptr size) {
  uptr full = size / SHADOW_GRANULE;
  sl_memset((void *)MEM_TO_SHADOW(addr), 0, full);
  if (size % SHADOW_GRANULE)
    *(uint8_t *)MEM_TO_SHADOW(addr + full * SHADOW_GRANULE) =
        (uint8_t)(size % SHADOW_GRANULE);
}

uptr shadow_object_span(uptr size) {
  return sl_opt.poison_partial ? size : SHADOW_UP(size);
}

void shadow_clear_release(uptr addr, uptr size) {
  uptr beg = MEM_TO_SHADOW(addr), end = MEM_TO_SHADOW(addr + size);
  uptr pbeg = (beg + 4095) & ~(uptr)4095, pend = end & ~(uptr)4095;
  if (pend <= pbeg) {
    sl_memset((void *)beg, 0, end - beg);
    return;
  }
  sl_memset((void *)beg, 0, pbeg - beg);
  /* Private anonymous pages read back as zero after MADV_DONTNEED. */
  sys_madvise((void *)pbeg, pend - pbeg, MADV_DONTNEED);
  sl_memset((void *)pend, 0, end - pend);
}

int shadow_byte_poisoned(uptr a) {
  int8_t s = *(int8_t *)MEM_TO_SHADOW(a);
  return s != 0 && (int8_t)(a & 7) >= s;
}

uptr shadow_first_poisoned(uptr addr, uptr size) {
  if (!size)
    return 0;
  uptr end = addr + size;
  uptr a = addr;
  /* Leading partial granule, byte by byte. */
  while (a < end && (a & 7)) {
    if (shadow_byte_poisoned(a))
      return a;
    a++;
  }
  /* Whole granules: 32 shadow bytes (256 application bytes) at a time
   * once the shadow is aligned, as large copies need. */
  while (a + 8 <= end) {
    uptr s = MEM_TO_SHADOW(a);
    if ((s & 7) == 0) {
      const uint64_t *w = (const uint64_t *)s;
      if (a + 256 <= end && (w[0] | w[1] | w[2] | w[3]) == 0) {
        a += 256;
        continue;
      }
      if (a + 64 <= end && w[0] == 0) {
        a += 64;
        continue;
      }
    }
    if (*(int8_t *)s != 0)
      break;
    a += 8;
  }
  for (; a < end; a++)
    if (shadow_byte_poisoned(a))
      return a;
  return 0;
}
