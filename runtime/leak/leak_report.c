/* The leak report (DESIGN.md §4): blocks grouped into records by
 * allocation stack and kind, direct records first, then indirect, possible
 * and (with show_reachable=1) reachable, each kind largest first; then the
 * LEAK SUMMARY block and the SUMMARY line (report.c writes each piece as
 * text or JSON). Runs after the world resumed, so it may allocate (internal
 * allocator) and symbolize. */
#include "leak.h"

#include "options.h"
#include "report.h"
#include "stackdepot.h"
#include "suppressions.h"

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

/* Reports are written at record boundaries, so a JSON line is never split
 * between two writes. */
#define FLUSH_AT (64u << 10)

static void flush(sbuf_t *b) {
  report_write(b->buf, b->len);
  b->len = 0;
  b->buf[0] = 0;
}

/* report_objects=1: each object of a record, after its stack, as LSan
 * lists them ("Objects leaked above:", then address and size). */
static void list_objects(sbuf_t *b, const leak_block *blocks, size_t n,
                         const record *r) {
  sbuf_puts(b, "Objects leaked above:\n");
  for (size_t i = 0; i < n; i++)
    if (blocks[i].stack == r->stack && blocks[i].tag == r->tag)
      sbuf_printf(b, "%p (%zu bytes)\n", (void *)blocks[i].beg,
                  (size_t)blocks[i].size);
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
    if (suppressing && suppressions_match_leak(r->stack, r->count, r->bytes)) {
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
    sbuf_t b;
    sbuf_init_grow(&b, FLUSH_AT * 2);
    int text = !sl_strcmp(sl_opt.log_format, "text");
    if (nlist)
      report_leak_header(&b);
    /* max_leaks=N: the N largest records, as LSan words it. */
    size_t shown = nlist;
    if (sl_opt.max_leaks > 0 && (size_t)sl_opt.max_leaks < nlist) {
      shown = (size_t)sl_opt.max_leaks;
      if (text)
        sbuf_printf(&b, "The %zu top leak(s):\n", shown);
    }
    for (size_t i = 0; i < shown; i++) {
      report_leak_record(&b, kind_option(list[i].tag), list[i].bytes,
                         list[i].count, list[i].stack, 0);
      if (sl_opt.report_objects && text)
        list_objects(&b, blocks, n, &list[i]);
      if (b.len > FLUSH_AT)
        flush(&b);
    }
    if (shown < nlist && text)
      sbuf_printf(&b, "Omitting %zu more leak(s).\n", nlist - shown);
    /* As LSan: after the records, before the summary (text only: JSON
     * carries the suppressed totals in its summary object). */
    if (text && sl_opt.print_suppressions)
      suppressions_print_used(&b);
    leak_totals t = {{bytes[LEAK_DIRECT], count[LEAK_DIRECT]},
                     {bytes[LEAK_INDIRECT], count[LEAK_INDIRECT]},
                     {bytes[LEAK_POSSIBLE], count[LEAK_POSSIBLE]},
                     {bytes[LEAK_REACHABLE], count[LEAK_REACHABLE]},
                     {sup_bytes, sup_count},
                     suppressing};
    report_leak_summary(&b, &t);
    flush(&b);
    sbuf_free(&b);
  }
  ifree(list);
  ifree(previous.slots);
  previous = cur;
  if (only_new)
    return shown_bytes;
  return bytes[LEAK_DIRECT] + bytes[LEAK_INDIRECT] + bytes[LEAK_POSSIBLE];
}
