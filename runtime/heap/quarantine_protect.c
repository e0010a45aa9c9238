/* Protected quarantine pages, for the preloaded runtime. Uninstrumented
 * code checks no shadow, so a read of a freed block is seen by nothing,
 * and a write only if it hits the first bytes that are compared when the
 * block leaves the quarantine. Once a quarantined block's pages have gone
 * back to the kernel (quarantine.c), making them PROT_NONE costs nothing
 * more in memory, and then any access to them faults: the SIGSEGV handler
 * asks quarantine_fault first and reports a heap-use-after-free with the
 * access's stack and the block's stacks.
 *
 * Each protected range splits the heap's mapping, so protection is capped
 * at PROTECT_MAX blocks (two more mappings each, far below the kernel's
 * default vm.max_map_count of 65530); blocks past the cap only give their
 * pages back. The side table says which blocks are protected, so that
 * recycling a block lifts exactly what was set: linear probing on the
 * block's address, with backward-shift deletion (no tombstones to pile up
 * as blocks come and go). */
#include "allocator_internal.h"

#include <sys/mman.h>

#include "insn_decode.h"
#include "options.h"
#include "report.h"

#define PROTECT_MAX 8192u
#define TABLE_SIZE (2 * PROTECT_MAX) /* a power of two, half full at most */

static spin_t lock;
static uptr *table; /* user_beg of each protected block; 0 empty */
static uint32_t count;

static inline uint32_t home_of(uptr ub) {
  return (uint32_t)(((ub >> 4) * 0x9e3779b97f4a7c15ull) >> 32) &
         (TABLE_SIZE - 1);
}

static uint32_t find_locked(uptr ub) {
  if (!table)
    return TABLE_SIZE;
  for (uint32_t i = home_of(ub);; i = (i + 1) & (TABLE_SIZE - 1)) {
    if (table[i] == ub)
      return i;
    if (!table[i])
      return TABLE_SIZE;
  }
}

static void remove_locked(uint32_t i) {
  table[i] = 0;
  count--;
  /* Move later entries of the run back into the gap they may probe past. */
  for (uint32_t j = (i + 1) & (TABLE_SIZE - 1); table[j];
       j = (j + 1) & (TABLE_SIZE - 1)) {
    uint32_t h = home_of(table[j]);
    /* j's entry may fill the gap at i unless its home lies in (i, j]. */
    if (((j - h) & (TABLE_SIZE - 1)) >= ((j - i) & (TABLE_SIZE - 1))) {
      table[i] = table[j];
      table[j] = 0;
      i = j;
    }
  }
}

void quarantine_protect(uptr ub, uptr lo, uptr hi) {
  spin_lock(&lock);
  if (!table)
    table = ialloc(TABLE_SIZE * sizeof(uptr));
  if (!table || count >= PROTECT_MAX || find_locked(ub) != TABLE_SIZE) {
    spin_unlock(&lock);
    return;
  }
  /* Under the lock, so a fault on these pages finds the block listed. */
  if (sys_mprotect((void *)lo, hi - lo, PROT_NONE) == 0) {
    uint32_t i = home_of(ub);
    while (table[i])
      i = (i + 1) & (TABLE_SIZE - 1);
    table[i] = ub;
    count++;
  }
  spin_unlock(&lock);
}

void quarantine_unprotect(uptr ub) {
  spin_lock(&lock);
  uint32_t i = find_locked(ub);
  if (i != TABLE_SIZE) {
    uptr lo, hi;
    if (chunk_release_range(ub, &lo, &hi))
      sys_mprotect((void *)lo, hi - lo, PROT_READ | PROT_WRITE);
    remove_locked(i);
  }
  spin_unlock(&lock);
}

void quarantine_protect_lock(void) { spin_lock(&lock); }
void quarantine_protect_unlock(void) { spin_unlock(&lock); }

int allocator_fault_in_quarantine(uptr addr, int is_write, uptr pc, uptr bp,
                                  uptr sp) {
  if (!__atomic_load_n(&count, __ATOMIC_RELAXED))
    return 0;
  chunk_info ci;
  uptr lo, hi;
  /* The block's header and first page are never protected, so describing
   * it cannot fault here. */
  if (!allocator_describe(addr, &ci) || ci.state != CHUNK_QUARANTINED ||
      !chunk_release_range(ci.user_beg, &lo, &hi) || addr < lo || addr >= hi)
    return 0;
  spin_lock(&lock);
  int listed = find_locked(ci.user_beg) != TABLE_SIZE;
  spin_unlock(&lock);
  if (!listed)
    return 0;
  unsigned size = insn_access_size(pc);
  report_access(addr, size, is_write, pc, bp, sp);
  /* halt_on_error=0: the program goes on, and the access must succeed
   * when the instruction runs again (it reads zeros). */
  quarantine_unprotect(ci.user_beg);
  return 1;
}
