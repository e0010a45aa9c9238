/* The text shape of reports (DESIGN.md §3 and §4), rendered from a
 * report_model. With colour on (color=always, or auto on a terminal) the
 * ERROR line is bold red, the access line blue, the "located" line green,
 * allocation/free headings magenta, and in frame lines the function blue
 * and its source location green; the characters are the same either way. */
#include "report_model.h"

#include "shadow.h"
#include "symbolize.h"
#include "threads.h"

#define C_RESET "\033[0m"
#define C_RED "\033[1m\033[31m"
#define C_GREEN "\033[1m\033[32m"
#define C_BLUE "\033[1m\033[34m"
#define C_MAGENTA "\033[1m\033[35m"

static const char *paint(int color, const char *code) {
  return color ? code : "";
}

size_t report_trimmed_len(const sbuf_t *s) {
  size_t n = s->len;
  while (n && s->buf[n - 1] == '\n')
    n--;
  return n;
}

/* ---- stacks ------------------------------------------------------------ */

static void text_stack(sbuf_t *b, const uptr *pcs, int n, int exact,
                       int color) {
  if (n == 0) {
    sbuf_puts(b, "    <empty stack>\n");
    return;
  }
  static const sl_stack_paint paint = {C_BLUE, C_GREEN, C_RESET};
  print_stack_painted(b, pcs, n, exact, color ? &paint : 0);
}

static void text_stack_id(sbuf_t *b, uint32_t id, int color) {
  uptr few[32];
  int n;
  const uptr *pcs = report_stack_frames(id, few, 32, &n);
  text_stack(b, pcs, n, 0, color);
  report_stack_frames_done(pcs);
}

/* dedup_token_length: the token after the stack that identifies the
 * report (the error's own, a leak record's). */
static void text_dedup_token(sbuf_t *b, const uptr *pcs, int n, int exact) {
  if (sl_opt.dedup_token_length > 0 && n > 0)
    print_dedup_token(b, pcs, n, exact, sl_opt.dedup_token_length);
}

static void text_dedup_token_id(sbuf_t *b, uint32_t id) {
  if (sl_opt.dedup_token_length <= 0)
    return;
  uptr few[32];
  int n;
  const uptr *pcs = report_stack_frames(id, few, 32, &n);
  text_dedup_token(b, pcs, n, 0);
  report_stack_frames_done(pcs);
}

/* ---- shadow bytes ------------------------------------------------------- */

static void shadow_row(sbuf_t *b, uptr row, uptr mark) {
  sbuf_printf(b, "%s%p:", row == (mark & ~(uptr)15) ? "=>" : "  ", (void *)row);
  for (uptr s = row; s < row + 16; s++) {
    uint8_t v = *(uint8_t *)s;
    const char *l = s == mark ? "[" : s == mark + 1 ? "]" : " ";
    sbuf_printf(b, "%s%x%x", l, v >> 4, v & 15);
  }
  sbuf_puts(b, mark == row + 15 ? "]\n" : "\n");
}

static void shadow_dump(sbuf_t *b, uptr addr) {
  if (!shadow_is_app_mem(addr))
    return;
  uptr mark = MEM_TO_SHADOW(addr), row = mark & ~(uptr)15;
  sbuf_puts(b, "Shadow bytes around the buggy address:\n");
  for (int i = -5; i <= 4; i++) {
    uptr rw = row + (uptr)(i * 16);
    if (!shadow_is_app_mem((rw - SLEUTH_SHADOW_OFFSET) << 3))
      continue;
    shadow_row(b, rw, mark);
  }
  sbuf_puts(b, "Shadow byte legend (one shadow byte represents 8 application "
               "bytes):\n"
               /* ASan's labels and columns; fa marks both sides of a
                * heap block, as in ASan, whose label it keeps. */
               "  Addressable:           00\n"
               "  Partially addressable: 01 02 03 04 05 06 07 \n"
               "  Heap left redzone:       fa\n"
               "  Freed heap region:       fd\n"
               "  Stack left redzone:      f1\n"
               "  Stack mid redzone:       f2\n"
               "  Stack right redzone:     f3\n"
               "  Stack after return:      f5\n"
               "  Stack use after scope:   f8\n"
               "  Global redzone:          f9\n"
               "  Global init order:       f6\n"
               "  Poisoned by user:        f7\n"
               "  Container overflow:      fc\n"
               "  Array cookie:            ac\n"
               "  Pool redzone:            fb\n"
               "  Sleuth internal:         fe\n"
               "  Left alloca redzone:     ca\n"
               "  Right alloca redzone:    cb\n");
}

/* ---- error reports ------------------------------------------------------ */

/* Whether file is one of the runtime's own sources: the SUMMARY of an
 * error an interceptor found names the interceptor (`in strcpy`), as
 * ASan's does, not a line of Sleuth's code. The runtime's source folder is
 * read off this very function's debug information, once (reports hold the
 * report lock). */
static int runtime_source(const char *file) {
  static char root[512];
  static int looked;
  if (!looked) {
    looked = 1;
    sl_frame_info me[4];
    if (symbolize_pc((uptr)&runtime_source, me, 4) > 0 && me[0].file) {
      /* ".../runtime/report/report_text.c" -> ".../runtime/" */
      size_t len = sl_strlen(me[0].file);
      for (size_t i = len; i-- > 0;)
        if (i + 16 <= len && !sl_strncmp(me[0].file + i, "/runtime/report/", 16)) {
          if (i + 9 < sizeof root) {
            sl_memcpy(root, me[0].file, i + 9);
            root[i + 9] = 0;
          }
          break;
        }
    }
  }
  return root[0] && file && !sl_strncmp(file, root, sl_strlen(root));
}

void report_summary_text(sbuf_t *b, const report_model *m) {
  sbuf_puts(b, m->kind);
  uptr pc = m->summary_pc;
  if (!pc && m->summary_note.len) {
    sbuf_printf(b, ": %s", m->summary_note.buf);
    return;
  }
  sl_frame_info fi[8];
  int n = pc ? symbolize_pc(m->summary_exact ? pc : pc - 1, fi, 8) : 0;
  if (n > 0 && runtime_source(fi[0].file))
    fi[0].file = 0; /* module+offset below, then the interceptor's name */
  if (n > 0 && fi[0].file) {
    sbuf_printf(b, " %s", fi[0].file);
    if (fi[0].line) {
      sbuf_printf(b, ":%d", fi[0].line);
      if (fi[0].column)
        sbuf_printf(b, ":%d", fi[0].column);
    }
  } else if (pc) {
    const char *mod;
    uptr bias;
    if (module_for_pc(pc, &mod, &bias))
      sbuf_printf(b, " (%s+0x%lx)", mod, (unsigned long)(pc - bias));
  }
  if (n > 0 && fi[0].function)
    sbuf_printf(b, " in %s", fi[0].function);
}

static void text_details(sbuf_t *b, const report_model *m) {
  int pid = sys_getpid();
  int at_line_start = 1;
  for (size_t i = 0; i < m->details.len; i++) {
    if (at_line_start && m->details_pid)
      sbuf_printf(b, "==%d==", pid);
    sbuf_putc(b, m->details.buf[i]);
    at_line_start = m->details.buf[i] == '\n';
  }
}

/* An address's description, its first line coloured; then its heap
 * block's stacks. */
static void text_description(sbuf_t *b, const sbuf_t *text, int has_free,
                             unsigned free_tid, uint32_t free_stack,
                             int has_alloc, unsigned alloc_tid,
                             uint32_t alloc_stack, int color) {
  size_t n = report_trimmed_len(text);
  if (!n)
    return;
  sbuf_puts(b, paint(color, C_GREEN));
  size_t i = 0;
  for (; i < n && text->buf[i] != '\n'; i++)
    sbuf_putc(b, text->buf[i]);
  sbuf_puts(b, paint(color, C_RESET));
  for (; i < n; i++)
    sbuf_putc(b, text->buf[i]);
  sbuf_putc(b, '\n');
  if (has_free) {
    sbuf_printf(b, "%sfreed by thread T%u here:%s\n", paint(color, C_MAGENTA),
                free_tid, paint(color, C_RESET));
    text_stack_id(b, free_stack, color);
    sbuf_putc(b, '\n');
  }
  if (has_alloc) {
    sbuf_printf(b, "%s%s by thread T%u here:%s\n", paint(color, C_MAGENTA),
                has_free ? "previously allocated" : "allocated", alloc_tid,
                paint(color, C_RESET));
    text_stack_id(b, alloc_stack, color);
  }
  sbuf_putc(b, '\n');
}

/* The location (and a second address's), then a freed block an overflow
 * landed in. */
static void text_location(sbuf_t *b, const report_model *m, int color) {
  if (!report_trimmed_len(&m->location))
    return;
  text_description(b, &m->location, m->has_free, m->free_tid, m->free_stack,
                   m->has_alloc, m->alloc_tid, m->alloc_stack, color);
  if (m->has_second)
    text_description(b, &m->second, m->second_has_free, m->second_free_tid,
                      m->second_free_stack, m->second_has_alloc,
                      m->second_alloc_tid, m->second_alloc_stack, color);
  if (m->has_landed) {
    sbuf_printf(b, "%sThe access landed in a freed block: %s", paint(color, C_GREEN),
                paint(color, C_RESET));
    for (size_t i = 0, n = report_trimmed_len(&m->landed); i < n; i++)
      sbuf_putc(b, m->landed.buf[i]);
    sbuf_putc(b, '\n');
    sbuf_printf(b, "%sfreed by thread T%u here:%s\n", paint(color, C_MAGENTA),
                m->landed_free_tid, paint(color, C_RESET));
    text_stack_id(b, m->landed_free_stack, color);
    sbuf_putc(b, '\n');
    sbuf_printf(b, "%spreviously allocated by thread T%u here:%s\n",
                paint(color, C_MAGENTA), m->landed_alloc_tid,
                paint(color, C_RESET));
    text_stack_id(b, m->landed_alloc_stack, color);
    sbuf_putc(b, '\n');
  }
}

void text_render(sbuf_t *b, const report_model *m, int color) {
  if (m->deadly_signal)
    sbuf_puts(b, "Sleuth:DEADLYSIGNAL\n");
  sbuf_puts(b, "================================================"
               "=================\n");
  sbuf_printf(b, "%s==%d==ERROR: Sleuth: ", paint(color, C_RED), sys_getpid());
  sbuf_puts(b, m->message.buf);
  sbuf_printf(b, "%s\n", paint(color, C_RESET));
  text_details(b, m);
  /* Size 0: a fault whose instruction insn_decode.h does not know. */
  if (m->access_line && m->access_size)
    sbuf_printf(b, "%s%s of size %lu at %p thread T%u%s\n",
                paint(color, C_BLUE), m->access_type,
                (unsigned long)m->access_size, (void *)m->access_addr, m->tid,
                paint(color, C_RESET));
  else if (m->access_line)
    sbuf_printf(b, "%s%s of unknown size at %p thread T%u%s\n",
                paint(color, C_BLUE), m->access_type, (void *)m->access_addr,
                m->tid, paint(color, C_RESET));
  /* Where ASan prints it: after the headline and access lines, just
   * before the stack (scripts read the line that precedes "#0"). */
  if (m->scariness.score)
    sbuf_printf(b, "SCARINESS: %d (%s)\n", m->scariness.score,
                m->scariness.descr);
  /* Findings made after the fact (a redzone or freed block checked later)
   * have no stack of their own: the block's stacks below tell it. */
  if (!m->no_error_stack) {
    if (m->npcs || !m->has_alloc)
      text_stack(b, m->pcs, m->npcs, m->first_exact, color);
    text_dedup_token(b, m->pcs, m->npcs, m->first_exact);
    sbuf_putc(b, '\n');
  }
  text_location(b, m, color);
  for (int i = 0; i < m->nthreads; i++) {
    sl_thread *t = thread_by_tid(m->threads[i]);
    if (!t)
      continue;
    sbuf_printf(b, "Thread T%u created by T%u here:\n", t->tid, t->parent_tid);
    text_stack_id(b, t->create_stack, color);
    sbuf_putc(b, '\n');
  }
  if (m->shadow_addr)
    shadow_dump(b, m->shadow_addr);
  if (m->trailer)
    sbuf_printf(b, "%s\n", m->trailer);
  sbuf_puts(b, "SUMMARY: Sleuth: ");
  report_summary_text(b, m);
  sbuf_putc(b, '\n');
  if (m->hint)
    sbuf_printf(b, "%s\n", m->hint);
  if (m->command) /* ASan's shape: a blank line before and after */
    sbuf_printf(b, "\nCommand: %s\n\n", m->command);
}

/* ---- leak report pieces -------------------------------------------------- */

void text_leak_header(sbuf_t *b, int color) {
  sbuf_puts(b, "================================================"
               "=================\n");
  sbuf_printf(b, "%s==%d==ERROR: Sleuth: detected memory leaks%s\n\n",
              paint(color, C_RED), sys_getpid(), paint(color, C_RESET));
}

/* The record headings of DESIGN.md §4, by leak kind. */
static const struct {
  const char *kind, *title;
} leak_titles[] = {
    {"direct", "Direct leak of"},
    {"indirect", "Indirect leak of"},
    {"possible", "Possible leak of"},
    {"reachable", "Reachable:"},
};

void text_leak_record(sbuf_t *b, const char *leak_kind, uptr bytes,
                      uptr objects, uint32_t stack,
                      const leak_growth_info *growth, int color) {
  const char *title = leak_kind;
  for (size_t i = 0; i < sizeof leak_titles / sizeof leak_titles[0]; i++)
    if (!sl_strcmp(leak_kind, leak_titles[i].kind))
      title = leak_titles[i].title;
  if (growth)
    sbuf_printf(b,
                "%sGrowing: %lu byte(s) in %lu object(s), +%lu.%lu bytes/s "
                "over %u checks, allocated from:%s\n",
                paint(color, C_BLUE), (unsigned long)bytes,
                (unsigned long)objects, (unsigned long)(growth->rate_x10 / 10),
                (unsigned long)(growth->rate_x10 % 10), growth->checks,
                paint(color, C_RESET));
  else
    sbuf_printf(b, "%s%s %lu byte(s) in %lu object(s) allocated from:%s\n",
                paint(color, C_BLUE), title, (unsigned long)bytes,
                (unsigned long)objects, paint(color, C_RESET));
  text_stack_id(b, stack, color);
  text_dedup_token_id(b, stack);
  sbuf_putc(b, '\n');
}

void text_growth_header(sbuf_t *b, int is_error, int color) {
  sbuf_puts(b, "================================================"
               "=================\n");
  sbuf_printf(b,
              "%s==%d==%s: Sleuth: detected growth leaks (still reachable, "
              "grew at every check)%s\n\n",
              paint(color, is_error ? C_RED : C_MAGENTA), sys_getpid(),
              is_error ? "ERROR" : "WARNING", paint(color, C_RESET));
}

void text_growth_summary(sbuf_t *b, uptr bytes, uptr objects, unsigned checks) {
  sbuf_printf(b,
              "SUMMARY: Sleuth: %lu byte(s) in %lu allocation(s) grew at "
              "every one of %u checks.\n",
              (unsigned long)bytes, (unsigned long)objects, checks);
}

void text_leak_summary(sbuf_t *b, const leak_totals *t) {
  sbuf_printf(
      b,
      "LEAK SUMMARY:\n"
      "   definitely lost: %'lu bytes in %'lu blocks\n"
      "   indirectly lost: %'lu bytes in %'lu blocks\n"
      "     possibly lost: %'lu bytes in %'lu blocks\n"
      "   still reachable: %'lu bytes in %'lu blocks\n",
      (unsigned long)t->direct.bytes, (unsigned long)t->direct.blocks,
      (unsigned long)t->indirect.bytes, (unsigned long)t->indirect.blocks,
      (unsigned long)t->possible.bytes, (unsigned long)t->possible.blocks,
      (unsigned long)t->reachable.bytes, (unsigned long)t->reachable.blocks);
  if (t->suppressing)
    sbuf_printf(b, "        suppressed: %'lu bytes in %'lu blocks\n",
                (unsigned long)t->suppressed.bytes,
                (unsigned long)t->suppressed.blocks);
  sbuf_printf(
      b, "SUMMARY: Sleuth: %lu byte(s) leaked in %lu allocation(s).\n",
      (unsigned long)(t->direct.bytes + t->indirect.bytes + t->possible.bytes),
      (unsigned long)(t->direct.blocks + t->indirect.blocks +
                      t->possible.blocks));
}
