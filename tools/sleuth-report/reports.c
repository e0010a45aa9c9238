/* Loading JSON report files, and --merge's grouping (reports.h). */
#include "reports.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static void check_stack(const json *j, const char *key, const char *file, long line) {
  const json *s = json_get(j, key);
  if (!s)
    return;
  if (s->type != J_ARR)
    die_input(file, line, "\"%s\" is not an array of frames", key);
  for (size_t i = 0; i < s->n; i++)
    if (s->items[i]->type != J_OBJ)
      die_input(file, line, "\"%s\" frame #%zu is not an object", key, i);
}

static void add_source(report_line *r, const char *file, long line) {
  GROW(r->sources, r->scap, r->nsources);
  r->sources[r->nsources++] = (report_source){xstrdup(file), line};
}

/* A line that --merge wrote carries its own count and sources. */
static void merged_provenance(report_line *r, const char *path, long lineno) {
  const json *c = json_get(r->j, "occurrence_count");
  if (c) {
    if (c->type != J_NUM || c->num < 1 || c->num != (double)(size_t)c->num)
      die_input(path, lineno, "\"occurrence_count\" is not a positive integer");
    r->count = (size_t)c->num;
  }
  const json *src = json_get(r->j, "sources");
  if (!src) {
    add_source(r, path, lineno);
    return;
  }
  if (src->type != J_ARR)
    die_input(path, lineno, "\"sources\" is not an array of \"FILE:LINE\" strings");
  for (size_t i = 0; i < src->n; i++) {
    const json *e = src->items[i];
    const char *colon = e->type == J_STR ? strrchr(e->str, ':') : NULL;
    char *end;
    long l = colon ? strtol(colon + 1, &end, 10) : 0;
    if (!colon || colon == e->str || l < 1 || *end)
      die_input(path, lineno, "\"sources\" item #%zu is not a \"FILE:LINE\" string", i);
    char *file = xstrndup(e->str, (size_t)(colon - e->str));
    add_source(r, file, l);
    free(file);
  }
}

int reports_sniff(const char *head) {
  while (*head == ' ' || *head == '\t' || *head == '\n' || *head == '\r')
    head++;
  return *head == '{';
}

void reports_load(report_set *s, const char *path) {
  char *text = read_file(path, NULL);
  char *cur = text, *line;
  long lineno = 0;
  while ((line = next_line(&cur))) {
    lineno++;
    const char *p = line;
    while (*p == ' ' || *p == '\t' || *p == '\r')
      p++;
    if (!*p)
      continue;
    const char *err;
    size_t pos;
    json *j = json_parse(line, &err, &pos);
    if (!j)
      die_input(path, lineno, "malformed JSON at column %zu: %s", pos + 1, err);
    if (j->type != J_OBJ)
      die_input(path, lineno, "not a JSON object (one Sleuth report per line expected)");
    const char *kind = json_get_str(j, "kind");
    if (!kind)
      die_input(path, lineno, "no \"kind\" string: not a Sleuth JSON report");
    check_stack(j, "stack", path, lineno);
    check_stack(j, "alloc_stack", path, lineno);
    check_stack(j, "free_stack", path, lineno);
    if (strcmp(kind, "leak-summary") == 0) {
      GROW(s->summaries, s->sumcap, s->nsum);
      s->summaries[s->nsum++] = j;
      continue;
    }
    if (strcmp(kind, "heap-alert") == 0) {
      GROW(s->alerts, s->alertcap, s->nalerts);
      s->alerts[s->nalerts++] = j;
      continue;
    }
    char *rule;
    if (strcmp(kind, "leak") == 0) {
      const char *lk = json_get_str(j, "leak_kind");
      if (!lk)
        die_input(path, lineno, "leak record without a \"leak_kind\" string");
      strbuf b = {0};
      sb_printf(&b, "leak-%s", lk);
      rule = sb_take(&b);
    } else {
      rule = xstrdup(kind);
    }
    GROW(s->v, s->cap, s->n);
    report_line *r = &s->v[s->n++];
    *r = (report_line){j, rule, NULL, 1, NULL, 0, 0};
    merged_provenance(r, path, lineno);
  }
  free(text);
}

/* ---- grouping ------------------------------------------------------------ */

/* One frame as it compares across processes: function, file and line; a
 * frame without a source line by the module's base name and offset (both
 * survive address randomisation, and shards may run the binary from
 * different directories); the pc never. */
static void frame_key(strbuf *b, const json *f) {
  const char *fn = json_get_str(f, "function");
  const char *file = json_get_str(f, "file");
  sb_puts(b, fn ? fn : "?");
  sb_putc(b, '\x1f');
  if (file) {
    sb_printf(b, "%s:%.0f", file, json_get_num(f, "line", 0));
  } else {
    const char *mod = json_get_str(f, "module"), *off = json_get_str(f, "offset");
    sb_printf(b, "%s+%s", mod ? base_name(mod) : "?", off ? off : "?");
  }
  sb_putc(b, '\x1e');
}

static void stack_key(strbuf *b, const char *name, const json *stack) {
  if (!stack || stack->type != J_ARR)
    return;
  sb_printf(b, "\x1d%s\x1d", name);
  for (size_t i = 0; i < stack->n; i++)
    frame_key(b, stack->items[i]);
}

static char *finding_key(const report_line *r) {
  strbuf b = {0};
  sb_puts(&b, r->rule);
  stack_key(&b, "stack", json_get(r->j, "stack"));
  stack_key(&b, "alloc_stack", json_get(r->j, "alloc_stack"));
  stack_key(&b, "free_stack", json_get(r->j, "free_stack"));
  const json *threads = json_get(r->j, "threads");
  for (size_t i = 0; threads && threads->type == J_ARR && i < threads->n; i++)
    stack_key(&b, "thread", json_get(threads->items[i], "stack"));
  return sb_take(&b);
}

static void line_free(report_line *r) {
  json_free(r->j);
  free(r->rule);
  free(r->key);
  for (size_t i = 0; i < r->nsources; i++)
    free(r->sources[i].file);
  free(r->sources);
}

void reports_merge(report_set *s) {
  strmap groups = {0};
  size_t kept = 0;
  for (size_t i = 0; i < s->n; i++) {
    report_line *r = &s->v[i];
    r->key = finding_key(r);
    size_t g = strmap_get(&groups, r->key);
    if (g == (size_t)-1) {
      strmap_put(&groups, r->key, kept);
      s->v[kept++] = *r;
      continue;
    }
    report_line *first = &s->v[g];
    first->count += r->count;
    for (size_t k = 0; k < r->nsources; k++)
      add_source(first, r->sources[k].file, r->sources[k].line);
    line_free(r);
  }
  s->n = kept;
  strmap_free(&groups);
}

/* ---- JSON Lines output ----------------------------------------------------- */

/* The object as read, without the keys merging sets itself. */
static void write_without(FILE *out, const json *j, const char *const *skip) {
  fputc('{', out);
  bool any = false;
  for (size_t i = 0; i < j->n; i++) {
    bool drop = false;
    for (int k = 0; skip[k]; k++)
      drop |= strcmp(j->keys[i], skip[k]) == 0;
    if (drop)
      continue;
    fputs(any ? "," : "", out);
    json_string(out, j->keys[i]);
    fputc(':', out);
    json_write(out, j->items[i]);
    any = true;
  }
}

/* Adds every number of src into the number at the same place in dst,
 * except the format version and the pid. */
static void add_numbers(json *dst, const json *src) {
  if (!src || dst->type != J_OBJ || src->type != J_OBJ)
    return;
  for (size_t i = 0; i < dst->n; i++) {
    if (strcmp(dst->keys[i], "sleuth") == 0 || strcmp(dst->keys[i], "pid") == 0)
      continue;
    const json *v = json_get(src, dst->keys[i]);
    if (!v)
      continue;
    if (dst->items[i]->type == J_NUM && v->type == J_NUM)
      dst->items[i]->num += v->num;
    else
      add_numbers(dst->items[i], v);
  }
}

void reports_write_jsonl(FILE *out, const report_set *s) {
  static const char *const skip[] = {"occurrence_count", "sources", NULL};
  for (size_t i = 0; i < s->n; i++) {
    const report_line *r = &s->v[i];
    write_without(out, r->j, skip);
    fprintf(out, ",\"occurrence_count\":%zu,\"sources\":[", r->count);
    for (size_t k = 0; k < r->nsources; k++) {
      strbuf b = {0};
      sb_printf(&b, "%s:%ld", r->sources[k].file, r->sources[k].line);
      fputs(k ? "," : "", out);
      json_string(out, b.s);
      free(b.s);
    }
    fputs("]}\n", out);
  }
  if (s->nsum) {
    /* The totals of every run: numbers added up ("pid" means nothing here). */
    json *total = s->summaries[0];
    size_t runs = 0;
    for (size_t i = 0; i < s->nsum; i++) {
      const json *c = json_get(s->summaries[i], "occurrence_count");
      runs += c && c->type == J_NUM && c->num >= 1 ? (size_t)c->num : 1;
      if (i)
        add_numbers(total, s->summaries[i]);
    }
    static const char *const skip_sum[] = {"occurrence_count", "sources", "pid", NULL};
    write_without(out, total, skip_sum);
    fprintf(out, ",\"occurrence_count\":%zu}\n", runs);
  }
  for (size_t i = 0; i < s->nalerts; i++) {
    json_write(out, s->alerts[i]);
    fputc('\n', out);
  }
}

void reports_free(report_set *s) {
  for (size_t i = 0; i < s->n; i++)
    line_free(&s->v[i]);
  for (size_t i = 0; i < s->nsum; i++)
    json_free(s->summaries[i]);
  for (size_t i = 0; i < s->nalerts; i++)
    json_free(s->alerts[i]);
  free(s->v);
  free(s->summaries);
  free(s->alerts);
  *s = (report_set){0};
}
