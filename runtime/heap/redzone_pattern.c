/* Redzone byte patterns (redzone_pattern.h). The left range ends at the
 * chunk header and the right one starts at the block's end, so an
 * overflow's first bytes, the ones an off-by-a-few bug writes, are always
 * covered; ranges are clipped to RZ_PATTERN_MAX bytes so that large slots
 * cost no more than small ones. */
#include "redzone_pattern.h"

#include "allocator_internal.h"
#include "leak.h"
#include "report.h"

#define PATTERN 0xa5
#define PATTERN_WORD 0xa5a5a5a5a5a5a5a5ull

int rz_pattern_on;

static void clip(uptr *left_lo, uptr left_hi, uptr right_lo, uptr *right_hi) {
  if (left_hi - *left_lo > RZ_PATTERN_MAX)
    *left_lo = left_hi - RZ_PATTERN_MAX;
  if (*right_hi - right_lo > RZ_PATTERN_MAX)
    *right_hi = right_lo + RZ_PATTERN_MAX;
}

void rz_pattern_fill(uptr left_lo, uptr left_hi, uptr right_lo, uptr right_hi) {
  clip(&left_lo, left_hi, right_lo, &right_hi);
  if (left_hi > left_lo)
    sl_memset((void *)left_lo, PATTERN, left_hi - left_lo);
  if (right_hi > right_lo)
    sl_memset((void *)right_lo, PATTERN, right_hi - right_lo);
}

/* First byte in [lo, hi) that is not the pattern, searching upward (or
 * downward when down is set, to find the byte nearest a block above). */
static uptr first_bad(uptr lo, uptr hi, int down) {
  if (!down) {
    uptr a = lo;
    for (; a < hi && (a & 7); a++)
      if (*(uint8_t *)a != PATTERN)
        return a;
    for (; a + 8 <= hi; a += 8)
      if (*(uint64_t *)a != PATTERN_WORD)
        break;
    for (; a < hi; a++)
      if (*(uint8_t *)a != PATTERN)
        return a;
    return 0;
  }
  for (uptr a = hi; a > lo; a--)
    if (*(uint8_t *)(a - 1) != PATTERN)
      return a - 1;
  return 0;
}

uptr rz_pattern_first_bad(uptr left_lo, uptr left_hi, uptr right_lo,
                          uptr right_hi) {
  clip(&left_lo, left_hi, right_lo, &right_hi);
  uptr bad = right_hi > right_lo ? first_bad(right_lo, right_hi, 0) : 0;
  if (!bad && left_hi > left_lo)
    bad = first_bad(left_lo, left_hi, 1);
  return bad;
}

/* At exit the program's other threads may still be running, also inside
 * malloc and free: a block's header, shadow and redzone pattern are
 * written one after the other, and a check that reads them meanwhile sees
 * an overwritten header that is only half written. So every block is read
 * with the world stopped (leak_with_world_stopped), where a block a parked
 * thread is allocating or freeing is not taken for a live one
 * (allocator_live_block_in_slot, damaged_block), and what is found is
 * reported after the threads run again: a report symbolizes, which takes
 * locks a parked thread may hold. */
#define MAX_FINDINGS 64

typedef struct {
  uptr ub;
  size_t size;
  int damaged; /* the header, else a redzone */
} finding;

static struct {
  finding f[MAX_FINDINGS];
  int n;
  /* the slot being read (read_slot) */
  unsigned c;
  uptr slot;
} walk;

static void note(uptr ub, size_t size, int damaged) {
  if (walk.n < MAX_FINDINGS)
    walk.f[walk.n++] = (finding){ub, size, damaged};
}

static int read_slot(void *arg) {
  (void)arg;
  uptr ub;
  size_t size;
  uint32_t stack;
  int found = allocator_live_block_in_slot(walk.c, walk.slot, &ub, &size,
                                           &stack);
  if (found == 2)
    note(ub, size, 1);
  else if (found && allocator_redzone_first_bad(ub))
    note(ub, size, 0);
  return 0;
}

static void walk_stopped(void *arg) {
  (void)arg;
  walk.n = 0;
  for (unsigned c = 1; c < N_CLASSES; c++) {
    uptr beg, end;
    uint32_t slot_size;
    allocator_primary_layout(c, &beg, &end, &slot_size);
    walk.c = c;
    for (uptr slot = beg; slot + slot_size <= end; slot += slot_size) {
      walk.slot = slot;
      leak_guarded_read(read_slot, 0, 0);
    }
  }
  /* The large-block table is locked; its list goes into a fresh mapping
   * (no ialloc: a parked thread may hold its lock). */
  size_t n = large_count_locked();
  size_t len = (n + 1) * sizeof(uptr);
  uptr *blocks = n ? sys_map_anon(len) : 0;
  n = blocks ? large_live_blocks_locked(blocks, n) : 0;
  for (size_t i = 0; i < n; i++)
    if (allocator_redzone_first_bad(blocks[i]))
      note(blocks[i], large_of(blocks[i], header_of(blocks[i]))->user_size,
           0);
  if (blocks)
    sys_munmap(blocks, len);
}

/* Reports a live block whose redzone bytes were overwritten, unless the
 * block changed since the walk (its thread freed it meanwhile). */
static void check_live(uptr ub, size_t size) {
  chunk_info ci;
  uptr bad = allocator_redzone_first_bad(ub);
  if (!bad || !allocator_describe(ub, &ci) || ci.user_beg != ub ||
      ci.state != CHUNK_ALLOCATED || ci.size != size)
    return;
  if (allocator_overflow_source(&bad, ub, &ci))
    report_redzone_corrupted(bad, &ci, 0, ub);
  else
    report_redzone_corrupted(bad, &ci, 0, 0);
}

void rz_pattern_check_live_blocks(void) {
  leak_with_world_stopped(walk_stopped, 0);
  for (int i = 0; i < walk.n; i++)
    if (walk.f[i].damaged)
      allocator_report_damaged_live(walk.f[i].ub, walk.f[i].size);
    else
      check_live(walk.f[i].ub, walk.f[i].size);
}
