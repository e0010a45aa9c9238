/* Growth leaks: memory the program still reaches but never gives back, such
 * as a global cache that only grows. Valgrind calls it "still reachable";
 * an operator watching the process grow calls it a leak.
 *
 * Each growth check is a full leak scan (leak_scan) whose still-reachable
 * blocks are summed per allocation stack. A stack is *growing* when its
 * bytes rose from each check to the next, every time (a stack first seen
 * at the second check rose from nothing; one first seen later, or missing
 * at some check, did not rise every time). After the leak_growth_checks-th
 * check, or at exit when at least two checks ran and nothing was printed
 * yet, every growing stack is printed with its bytes and objects at the
 * last check and its rate: (bytes at the last check - bytes at the first)
 * / (time between the first check and the last).
 *
 * The checks come from the service thread (every heap_profile_interval_s,
 * contract E) or from sleuth_leak_growth_check(); with leak_growth_checks=0
 * only the latter, without limit, printed at exit. The table is internal
 * memory, filled after the world resumed (the scan's consumer runs then). */
#include "leak.h"

#include "options.h"
#include "report.h"
#include "suppressions.h"

#define FLUSH_AT (64u << 10)

typedef struct {
  uint32_t stack;
  uint32_t seen_at;  /* last check (1-based) that found the stack; 0: empty */
  int growing;       /* rose at every check so far */
  uptr first_bytes;  /* at the first check (0 if not there yet) */
  uptr prev_bytes;   /* at the check before seen_at */
  uptr bytes, count; /* at check seen_at */
} growth_ent;

static spin_t growth_lock;
static growth_ent *table;
static size_t cap, used;
static uint32_t checks;
static uint64_t first_ns, last_ns;
static int printed, failed;

static size_t slot_of(const growth_ent *t, size_t tcap, uint32_t stack) {
  size_t i = (stack * 0x9e3779b1u) & (tcap - 1);
  while (t[i].seen_at && t[i].stack != stack)
    i = (i + 1) & (tcap - 1);
  return i;
}

static int grow_table(void) {
  size_t ncap = cap ? cap * 2 : 1024;
  growth_ent *n = ialloc(ncap * sizeof(growth_ent));
  if (!n)
    return 0;
  sl_memset(n, 0, ncap * sizeof(growth_ent));
  for (size_t i = 0; i < cap; i++)
    if (table[i].seen_at)
      n[slot_of(n, ncap, table[i].stack)] = table[i];
  ifree(table);
  table = n;
  cap = ncap;
  return 1;
}

/* The consumer of a growth scan: adds this check's reachable blocks. */
static void add_blocks(const leak_block *blocks, size_t n, void *arg) {
  uint32_t k = *(uint32_t *)arg;
  for (size_t i = 0; i < n; i++) {
    if (blocks[i].tag != LEAK_REACHABLE)
      continue;
    if ((used + 1) * 2 > cap && !grow_table())
      return;
    growth_ent *e = &table[slot_of(table, cap, blocks[i].stack)];
    if (!e->seen_at) {
      used++;
      e->stack = blocks[i].stack;
      e->growing = k <= 2; /* from nothing at check 2: a rise */
      e->first_bytes = e->prev_bytes = e->bytes = e->count = 0;
      e->seen_at = k;
    } else if (e->seen_at != k) {
      e->growing &= e->seen_at == k - 1; /* missing at a check: no */
      e->prev_bytes = e->bytes;
      e->bytes = e->count = 0;
      e->seen_at = k;
    }
    e->bytes += blocks[i].size;
    e->count++;
  }
}

static int shown(const growth_ent *e) {
  return e->seen_at == checks && e->growing && checks >= 2 &&
         !(suppressions_active() && suppressions_match_stack("leak", e->stack));
}

/* After check k: settles which stacks still rose at every check, and
 * returns the bytes they hold. */
static size_t settle(uint32_t k) {
  size_t total = 0;
  for (size_t i = 0; i < cap; i++) {
    growth_ent *e = &table[i];
    if (!e->seen_at)
      continue;
    if (e->seen_at != k)
      e->growing = 0;
    else if (k == 1)
      e->first_bytes = e->bytes;
    else if (e->bytes <= e->prev_bytes)
      e->growing = 0;
    if (shown(e))
      total += e->bytes;
  }
  return total;
}

static int bigger(const growth_ent *a, const growth_ent *b) {
  return a->bytes != b->bytes ? a->bytes > b->bytes : a->stack < b->stack;
}

/* Prints the growing stacks, largest first. */
static void print_growing(void) {
  printed = 1;
  size_t n = 0;
  growth_ent **list = ialloc((used + 1) * sizeof(growth_ent *));
  if (!list)
    return;
  uptr total = 0, objects = 0;
  for (size_t i = 0; i < cap; i++)
    if (table[i].seen_at && shown(&table[i])) {
      list[n++] = &table[i];
      total += table[i].bytes;
      objects += table[i].count;
    }
  for (size_t i = 1; i < n; i++)
    for (size_t j = i; j > 0 && bigger(list[j], list[j - 1]); j--) {
      growth_ent *t = list[j];
      list[j] = list[j - 1];
      list[j - 1] = t;
    }
  int fail = n && option_list_has(sl_opt.leak_kinds_fail, "growth");
  failed |= fail;
  if (n) {
    sbuf_t b;
    sbuf_init_grow(&b, FLUSH_AT * 2);
    report_growth_header(&b, fail);
    uint64_t span_ns = last_ns > first_ns ? last_ns - first_ns : 1;
    for (size_t i = 0; i < n; i++) {
      const growth_ent *e = list[i];
      double per_s =
          (double)(e->bytes - e->first_bytes) * 1e9 / (double)span_ns;
      leak_growth_info g = {(uptr)(per_s * 10 + 0.5), checks};
      report_leak_record(&b, "growth", e->bytes, e->count, e->stack, &g);
      if (b.len > FLUSH_AT) { /* at a record boundary: JSON lines stay whole */
        report_write(b.buf, b.len);
        b.len = 0;
      }
    }
    report_growth_summary(&b, total, objects, checks);
    report_write(b.buf, b.len);
    sbuf_free(&b);
  }
  ifree(list);
}

size_t leak_growth_check_from(uptr self_sp, int registered) {
  spin_lock(&growth_lock);
  long long limit = sl_opt.leak_growth_checks;
  if (printed || (limit > 0 && checks >= (uint64_t)limit)) {
    spin_unlock(&growth_lock);
    return 0;
  }
  uint32_t k = checks + 1;
  leak_scan(self_sp, registered, add_blocks, &k);
  uint64_t now = sys_monotonic_ns();
  if (k == 1)
    first_ns = now;
  last_ns = now;
  checks = k;
  size_t growing = settle(k);
  if (limit > 0 && k == (uint64_t)limit)
    print_growing();
  spin_unlock(&growth_lock);
  return growing;
}

/* A fork child starts a series of its own: the parent's checks measured
 * the parent, and printing them again at the child's exit would repeat
 * the parent's report. */
void leak_growth_after_fork_child(void) {
  ifree(table);
  table = 0;
  cap = used = 0;
  checks = 0;
  printed = failed = 0;
}

void leak_growth_lock(void) { spin_lock(&growth_lock); }
void leak_growth_unlock(void) { spin_unlock(&growth_lock); }

int leak_growth_at_exit(void) {
  spin_lock(&growth_lock);
  if (!printed && checks >= 2)
    print_growing();
  int f = failed;
  spin_unlock(&growth_lock);
  return f;
}
