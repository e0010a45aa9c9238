/* The leak report (DESIGN.md §4): blocks grouped into records by
 * allocation stack and kind, direct records first, then indirect, possible
 * and (with show_reachable=1) reachable, each kind largest first; then the
 * LEAK SUMMARY block and the SUMMARY line. Runs after the world resumed, so
 * it may allocate (internal allocator) and symbolize. */
#include "leak.h"

#include "options.h"
#include "report.h"
#include "stackdepot.h"
#include "suppressions.h"
#include "symbolize.h"

typedef struct {
  uint32_t stack;
  uint32_t tag; /* 0: empty slot */
  uptr bytes, count;
} record;

typedef struct {
  record *slots;
  size_t cap, used;
} record_set;

static size_t slot_for(const record_set *rs, uint32_t stack, uint32_t tag) {
  size_t i = ((stack * 0x9e3779b1u) ^ (tag * 0x85ebca6bu)) & (rs->cap - 1);
  while (rs->slots[i].tag &&
         (rs->slots[i].stack != stack || rs->slots[i].tag != tag))
    i = (i + 1) & (rs->cap - 1);
  return i;
}

static void set_add(record_set *rs, uint32_t stack, uint32_t tag, uptr bytes,
                    uptr count) {
  if ((rs->used + 1) * 2 > rs->cap) {
    record_set bigger = {ialloc((rs->cap ? rs->cap * 2 : 256) * sizeof(record)),
                         rs->cap ? rs->cap * 2 : 256, 0};
    if (!bigger.slots)
      return;
    for (size_t i = 0; i < rs->cap; i++)
      if (rs->slots[i].tag)
        set_add(&bigger, rs->slots[i].stack, rs->slots[i].tag,
                rs->slots[i].bytes, rs->slots[i].count);
    ifree(rs->slots);
    *rs = bigger;
  }
  record *r = &rs->slots[slot_for(rs, stack, tag)];
  if (!r->tag) {
    r->stack = stack;
    r->tag = tag;
    rs->used++;
  }
  r->bytes += bytes;
  r->count += count;
}

static const record *set_find(const record_set *rs, uint32_t stack,
                              uint32_t tag) {
  if (!rs->cap)
    return 0;
  const record *r = &rs->slots[slot_for(rs, stack, tag)];
  return r->tag ? r : 0;
}

/* The records of the previous report, for sleuth_leak_check_new. */
static record_set previous;

static int kind_rank(uint32_t tag) {
  return tag == LEAK_DIRECT     ? 0
         : tag == LEAK_INDIRECT ? 1
         : tag == LEAK_POSSIBLE ? 2
                                : 3;
}

static int before(const record *a, const record *b) {
  if (kind_rank(a->tag) != kind_rank(b->tag))
    return kind_rank(a->tag) < kind_rank(b->tag);
  if (a->bytes != b->bytes)
    return a->bytes > b->bytes;
  return a->stack < b->stack;
}

static void sort_records(record *r, size_t n) {
  for (size_t gap = n / 2; gap > 0; gap /= 2)
    for (size_t i = gap; i < n; i++)
      for (size_t j = i; j >= gap && before(&r[j], &r[j - gap]); j -= gap) {
        record t = r[j];
        r[j] = r[j - gap];
        r[j - gap] = t;
      }
}

static const char *kind_option(uint32_t tag) {
  return tag == LEAK_DIRECT     ? "direct"
         : tag == LEAK_INDIRECT ? "indirect"
         : tag == LEAK_POSSIBLE ? "possible"
                                : "reachable";
}

#define OUT_CAP (256u << 10)

static void flush(sbuf_t *b) {
  report_write(b->buf, b->len);
  b->len = 0;
  b->buf[0] = 0;
}

void leak_write_record(sbuf_t *b, uint32_t kind, uptr bytes, uptr objects,
                       uint32_t stack, const leak_record_extra *extra) {
  if (kind == LEAK_GROWTH && extra)
    sbuf_printf(b,
                "Growing: %lu byte(s) in %lu object(s), +%lu.%lu bytes/s over "
                "%u checks, allocated from:\n",
                (unsigned long)bytes, (unsigned long)objects,
                (unsigned long)(extra->rate_x10 / 10),
                (unsigned long)(extra->rate_x10 % 10), extra->checks);
  else if (kind == LEAK_REACHABLE)
    sbuf_printf(b, "Reachable: %lu byte(s) in %lu object(s) allocated from:\n",
                (unsigned long)bytes, (unsigned long)objects);
  else
    sbuf_printf(b, "%s leak of %lu byte(s) in %lu object(s) allocated from:\n",
                kind == LEAK_DIRECT     ? "Direct"
                : kind == LEAK_INDIRECT ? "Indirect"
                                        : "Possible",
                (unsigned long)bytes, (unsigned long)objects);
  uptr pcs[DEPOT_MAX_FRAMES];
  int n = depot_get(stack, pcs, DEPOT_MAX_FRAMES);
  if (n)
    print_stack(b, pcs, n, 0);
  else
    sbuf_puts(b, "    <empty stack>\n");
  sbuf_putc(b, '\n');
}

size_t leak_report(const leak_block *blocks, size_t n, int only_new,
                   int *fail) {
  record_set cur = {0, 0, 0};
  uptr bytes[6] = {0}, count[6] = {0};
  for (size_t i = 0; i < n; i++) {
    uint32_t tag = blocks[i].tag;
    if (tag == LEAK_SKIP || tag == LEAK_UNREACHED)
      continue;
    set_add(&cur, blocks[i].stack, tag, blocks[i].size, 1);
    bytes[tag] += blocks[i].size;
    count[tag]++;
  }
  /* Suppressed records (leak:PATTERN on the allocation stack) leave the
   * kinds' totals and the exit status; reachable ones are looked at only
   * when they would be shown. */
  uptr sup_bytes = 0, sup_count = 0;
  int suppressing = suppressions_active();
  *fail = 0;
  /* The records to print, best first. */
  record *list = ialloc((cur.used + 1) * sizeof(record));
  size_t nlist = 0;
  uptr shown_bytes = 0;
  for (size_t i = 0; list && i < cur.cap; i++) {
    const record *r = &cur.slots[i];
    if (!r->tag || (r->tag == LEAK_REACHABLE && !sl_opt.show_reachable))
      continue;
    if (suppressing && suppressions_match_stack("leak", r->stack)) {
      sup_bytes += r->bytes;
      sup_count += r->count;
      bytes[r->tag] -= r->bytes;
      count[r->tag] -= r->count;
      continue;
    }
    if (only_new) {
      const record *old = set_find(&previous, r->stack, r->tag);
      if (old && old->bytes >= r->bytes)
        continue;
    }
    list[nlist++] = *r;
    if (r->tag != LEAK_REACHABLE)
      shown_bytes += r->bytes;
  }
  for (uint32_t tag = LEAK_POSSIBLE; tag <= LEAK_DIRECT; tag++)
    if (count[tag] && option_list_has(sl_opt.leak_kinds_fail, kind_option(tag)))
      *fail = 1;
  sort_records(list, nlist);
  if (nlist || sup_count) {
    char *mem = ialloc(OUT_CAP);
    sbuf_t b;
    sbuf_init(&b, mem, OUT_CAP);
    if (nlist) {
      sbuf_puts(&b, "================================================"
                    "=================\n");
      sbuf_printf(&b, "==%d==ERROR: Sleuth: detected memory leaks\n\n",
                  sys_getpid());
    }
    for (size_t i = 0; i < nlist; i++) {
      leak_write_record(&b, list[i].tag, list[i].bytes, list[i].count,
                        list[i].stack, 0);
      if (b.len > OUT_CAP / 2)
        flush(&b);
    }
    uptr lost_bytes = bytes[LEAK_DIRECT] + bytes[LEAK_INDIRECT] +
                      bytes[LEAK_POSSIBLE];
    uptr lost_count = count[LEAK_DIRECT] + count[LEAK_INDIRECT] +
                      count[LEAK_POSSIBLE];
    sbuf_printf(&b,
                "LEAK SUMMARY:\n"
                "   definitely lost: %'lu bytes in %'lu blocks\n"
                "   indirectly lost: %'lu bytes in %'lu blocks\n"
                "     possibly lost: %'lu bytes in %'lu blocks\n"
                "   still reachable: %'lu bytes in %'lu blocks\n",
                (unsigned long)bytes[LEAK_DIRECT],
                (unsigned long)count[LEAK_DIRECT],
                (unsigned long)bytes[LEAK_INDIRECT],
                (unsigned long)count[LEAK_INDIRECT],
                (unsigned long)bytes[LEAK_POSSIBLE],
                (unsigned long)count[LEAK_POSSIBLE],
                (unsigned long)bytes[LEAK_REACHABLE],
                (unsigned long)count[LEAK_REACHABLE]);
    if (suppressing)
      sbuf_printf(&b, "        suppressed: %'lu bytes in %'lu blocks\n",
                  (unsigned long)sup_bytes, (unsigned long)sup_count);
    sbuf_printf(&b, "SUMMARY: Sleuth: %lu byte(s) leaked in %lu allocation(s).\n",
                (unsigned long)lost_bytes, (unsigned long)lost_count);
    flush(&b);
    ifree(mem);
  }
  ifree(list);
  ifree(previous.slots);
  previous = cur;
  if (only_new)
    return shown_bytes;
  return bytes[LEAK_DIRECT] + bytes[LEAK_INDIRECT] + bytes[LEAK_POSSIBLE];
}
