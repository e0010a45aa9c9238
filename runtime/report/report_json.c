/* The JSON shape of reports (contract A, DESIGN.md §3): one object per
 * report on one line, rendered from a report_model or from the leak
 * report's pieces. Strings are escaped for JSON: quotes, backslashes and
 * control characters, and bytes that are not valid UTF-8 (file names need
 * not be) become U+FFFD. Unknown fields are left out rather than null. */
#include "report_model.h"

#include "symbolize.h"
#include "threads.h"

/* The length of the valid UTF-8 sequence at s (at most n bytes), or 0. */
static int utf8_len(const unsigned char *s, size_t n) {
  unsigned c = s[0];
  int len;
  unsigned min;
  if (c >= 0xc2 && c <= 0xdf)
    len = 2, min = 0x80;
  else if (c >= 0xe0 && c <= 0xef)
    len = 3, min = 0x800;
  else if (c >= 0xf0 && c <= 0xf4)
    len = 4, min = 0x10000;
  else
    return 0;
  if ((size_t)len > n)
    return 0;
  unsigned cp = c & (0x7f >> len);
  for (int i = 1; i < len; i++) {
    if ((s[i] & 0xc0) != 0x80)
      return 0;
    cp = (cp << 6) | (s[i] & 0x3f);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
    return 0;
  return len;
}

static void json_strn(sbuf_t *b, const char *str, size_t n) {
  const unsigned char *s = (const unsigned char *)str;
  sbuf_putc(b, '"');
  for (size_t i = 0; i < n; i++) {
    unsigned c = s[i];
    if (c == '"' || c == '\\') {
      sbuf_putc(b, '\\');
      sbuf_putc(b, (char)c);
    } else if (c == '\n') {
      sbuf_puts(b, "\\n");
    } else if (c == '\t') {
      sbuf_puts(b, "\\t");
    } else if (c == '\r') {
      sbuf_puts(b, "\\r");
    } else if (c < 0x20 || c == 0x7f) {
      sbuf_printf(b, "\\u%04x", c);
    } else if (c < 0x80) {
      sbuf_putc(b, (char)c);
    } else {
      int len = utf8_len(s + i, n - i);
      if (!len) {
        sbuf_puts(b, "\\ufffd");
        continue;
      }
      for (int k = 0; k < len; k++)
        sbuf_putc(b, (char)s[i + k]);
      i += (size_t)len - 1;
    }
  }
  sbuf_putc(b, '"');
}

static void json_str(sbuf_t *b, const char *s) {
  json_strn(b, s, sl_strlen(s));
}

/* ,"key": */
static void key(sbuf_t *b, const char *k) { sbuf_printf(b, ",\"%s\":", k); }

static void key_str(sbuf_t *b, const char *k, const char *v) {
  key(b, k);
  json_str(b, v);
}

/* {"sleuth":1,"pid":N,"kind":"KIND"  (the object is left open) */
static void open_object(sbuf_t *b, const char *kind) {
  sbuf_printf(b, "{\"sleuth\":1,\"pid\":%d", sys_getpid());
  key_str(b, "kind", kind);
}

/* ---- stacks ------------------------------------------------------------ */

static void json_frame(void *vb, const sl_frame *f) {
  sbuf_t *b = vb;
  if (f->num)
    sbuf_putc(b, ',');
  sbuf_printf(b, "{\"pc\":\"%p\"", (void *)f->pc);
  if (f->function)
    key_str(b, "function", f->function);
  if (f->file)
    key_str(b, "file", f->file);
  if (f->line)
    sbuf_printf(b, ",\"line\":%d", f->line);
  if (f->column)
    sbuf_printf(b, ",\"column\":%d", f->column);
  if (f->module) {
    key_str(b, "module", f->module);
    sbuf_printf(b, ",\"offset\":\"0x%lx\"", (unsigned long)f->offset);
  }
  sbuf_printf(b, ",\"inlined\":%s}", f->inlined ? "true" : "false");
}

/* ,"k":[FRAME,...] */
static void key_stack(sbuf_t *b, const char *k, const uptr *pcs, int n,
                      int exact) {
  key(b, k);
  sbuf_putc(b, '[');
  for_each_frame(pcs, n, exact, json_frame, b);
  sbuf_putc(b, ']');
}

static void key_stack_id(sbuf_t *b, const char *k, uint32_t id) {
  uptr few[32];
  int n;
  const uptr *pcs = report_stack_frames(id, few, 32, &n);
  key_stack(b, k, pcs, n, 0);
  report_stack_frames_done(pcs);
}

static void key_thread(sbuf_t *b, const char *k, unsigned tid) {
  key(b, k);
  sbuf_printf(b, "\"T%u\"", tid);
}

/* ---- error reports ------------------------------------------------------ */

static void json_threads(sbuf_t *b, const report_model *m) {
  int any = 0;
  for (int i = 0; i < m->nthreads; i++) {
    sl_thread *t = thread_by_tid(m->threads[i]);
    if (!t)
      continue;
    if (!any)
      key(b, "threads"), sbuf_putc(b, '[');
    else
      sbuf_putc(b, ',');
    any = 1;
    sbuf_printf(b, "{\"thread\":\"T%u\",\"created_by\":\"T%u\"", t->tid,
                t->parent_tid);
    key_stack_id(b, "stack", t->create_stack);
    sbuf_putc(b, '}');
  }
  if (any)
    sbuf_putc(b, ']');
}

void json_render(sbuf_t *b, const report_model *m) {
  open_object(b, m->kind);
  key(b, "message");
  json_strn(b, m->message.buf, m->message.len);
  if (report_trimmed_len(&m->details)) {
    key(b, "details");
    json_strn(b, m->details.buf, report_trimmed_len(&m->details));
  }
  if (m->access_type) {
    key(b, "access");
    sbuf_printf(b, "{\"type\":\"%s\"", m->access_type);
    if (m->access_size)
      sbuf_printf(b, ",\"size\":%lu", (unsigned long)m->access_size);
    sbuf_printf(b, ",\"address\":\"%p\"}", (void *)m->access_addr);
  }
  if (m->scariness.score) {
    key(b, "scariness");
    sbuf_printf(b, "{\"score\":%d,\"description\":", m->scariness.score);
    json_strn(b, m->scariness.descr, sl_strlen(m->scariness.descr));
    sbuf_putc(b, '}');
  }
  key_thread(b, "thread", m->tid);
  key_stack(b, "stack", m->pcs, m->npcs, m->first_exact);
  if (report_trimmed_len(&m->location)) {
    key(b, "location");
    json_strn(b, m->location.buf, report_trimmed_len(&m->location));
  }
  if (m->has_alloc) {
    key_stack_id(b, "alloc_stack", m->alloc_stack);
    key_thread(b, "alloc_thread", m->alloc_tid);
  }
  if (m->has_free) {
    key_stack_id(b, "free_stack", m->free_stack);
    key_thread(b, "free_thread", m->free_tid);
  }
  if (m->has_second) { /* invalid-pointer-pair's second address */
    key(b, "second_location");
    json_strn(b, m->second.buf, report_trimmed_len(&m->second));
    if (m->second_has_alloc) {
      key_stack_id(b, "second_alloc_stack", m->second_alloc_stack);
      key_thread(b, "second_alloc_thread", m->second_alloc_tid);
    }
    if (m->second_has_free) {
      key_stack_id(b, "second_free_stack", m->second_free_stack);
      key_thread(b, "second_free_thread", m->second_free_tid);
    }
  }
  if (m->has_landed) { /* an overflow into a freed neighbour */
    key(b, "landed_in_freed_block");
    json_strn(b, m->landed.buf, report_trimmed_len(&m->landed));
    key_stack_id(b, "landed_free_stack", m->landed_free_stack);
    key_thread(b, "landed_free_thread", m->landed_free_tid);
    key_stack_id(b, "landed_alloc_stack", m->landed_alloc_stack);
    key_thread(b, "landed_alloc_thread", m->landed_alloc_tid);
  }
  json_threads(b, m);
  sbuf_t summary;
  sbuf_init_grow(&summary, 256);
  report_summary_text(&summary, m);
  key(b, "summary");
  json_strn(b, summary.buf, summary.len);
  sbuf_free(&summary);
  if (m->command) {
    key(b, "command");
    json_strn(b, m->command, sl_strlen(m->command));
  }
  sbuf_puts(b, "}\n");
}

/* ---- leak report pieces -------------------------------------------------- */

void json_leak_record(sbuf_t *b, const char *leak_kind, uptr bytes,
                      uptr objects, uint32_t stack,
                      const leak_growth_info *growth) {
  open_object(b, "leak");
  key_str(b, "leak_kind", leak_kind);
  sbuf_printf(b, ",\"bytes\":%lu,\"objects\":%lu", (unsigned long)bytes,
              (unsigned long)objects);
  if (growth)
    sbuf_printf(b, ",\"rate_bytes_per_s\":%lu.%lu,\"checks\":%u",
                (unsigned long)(growth->rate_x10 / 10),
                (unsigned long)(growth->rate_x10 % 10), growth->checks);
  key_stack_id(b, "alloc_stack", stack);
  sbuf_puts(b, "}\n");
}

static void key_amount(sbuf_t *b, const char *k, const leak_amount *a) {
  key(b, k);
  sbuf_printf(b, "{\"bytes\":%lu,\"blocks\":%lu}", (unsigned long)a->bytes,
              (unsigned long)a->blocks);
}

void json_leak_summary(sbuf_t *b, const leak_totals *t) {
  open_object(b, "leak-summary");
  key_amount(b, "definitely_lost", &t->direct);
  key_amount(b, "indirectly_lost", &t->indirect);
  key_amount(b, "possibly_lost", &t->possible);
  key_amount(b, "still_reachable", &t->reachable);
  key_amount(b, "suppressed", &t->suppressed);
  sbuf_printf(
      b, ",\"leaked_bytes\":%lu,\"leaked_objects\":%lu}\n",
      (unsigned long)(t->direct.bytes + t->indirect.bytes + t->possible.bytes),
      (unsigned long)(t->direct.blocks + t->indirect.blocks +
                      t->possible.blocks));
}

/* ---- heap profiler alert ------------------------------------------------- */

void json_heap_alert(sbuf_t *b, unsigned long long inuse,
                     unsigned long long threshold, unsigned long long alert_mb,
                     const char *dump) {
  open_object(b, "heap-alert");
  sbuf_printf(b, ",\"inuse_bytes\":%llu,\"threshold_bytes\":%llu,"
                 "\"alert_mb\":%llu",
              inuse, threshold, alert_mb);
  key(b, "dump");
  if (dump)
    json_str(b, dump);
  else
    sbuf_puts(b, "null");
  sbuf_puts(b, "}\n");
}
