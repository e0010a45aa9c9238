/* heap_v2 layout (shared/FACTS.md, CONTRACTS.md B):
 *   heap_v2/<mean sample bytes>
 *     t*: <objs>: <bytes> [<cum objs>: <cum bytes>]     whole process
 *     tN: ...                                           per thread
 *   # lifetimes temporary_ms=<T> uptime_ms=<U>         Sleuth's, optional
 *   @ 0x.. 0x..                                         one stack
 *     t*: ... / tN: ...
 *     life: <objs>: <bytes> [<objs>: <bytes>]           Sleuth's, optional:
 *                            freed within T ms [freed later], sampled
 *   # peak est_bytes=B t_ms=T snapshot_bytes=S snapshot_t_ms=U   Sleuth's
 *   # size <lo>: <samples>: <objs>: <var>               Sleuth's, per size
 *   (other lines starting with '#' are comments)
 *     peak: <objs>: <bytes> [<objs>: <var>]              Sleuth's: the stack
 *                            at the peak snapshot
 *     unbiased: <objs>: <var> [<objs>: <var>]            Sleuth's, optional,
 *                            after a t line: that line's estimated objects
 *                            (sum of 1/p) and variances, live [allocated]
 *   (blank line)
 *   MAPPED_LIBRARIES:
 *   <the /proc/self/maps lines>
 * Anything else is malformed and reported with its line number.
 * jeprof --raw writes the same dump after a symbol table, which is used
 * instead of the symbolizer:
 *   --- symbol / binary=<path> / 0x<pc-1> <name> ... / --- / --- heap */
#include "heap_dump.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util.h"

int heap_dump_sniff(const char *text) {
  return strncmp(text, "heap_v2/", 8) == 0 || strncmp(text, "--- symbol", 10) == 0;
}

/* jeprof's "--- symbol" section, up to and including "--- heap". Names
 * may end in "<offset in hex>", which is dropped. */
static void parse_symbols(heap_dump *d, char **cur, long *lineno) {
  char *line;
  while ((line = next_line(cur))) {
    ++*lineno;
    if (*lineno == 1 || strncmp(line, "binary=", 7) == 0)
      continue;
    if (strcmp(line, "---") == 0)
      break;
    char *end;
    errno = 0;
    unsigned long long pc = strtoull(line, &end, 16);
    if (strncmp(line, "0x", 2) != 0 || errno || *end != ' ')
      die_input(d->path, *lineno, "malformed symbol line: expected '0x<address> <name>'");
    char *name = end + 1;
    size_t n = strlen(name);
    char *lt = strrchr(name, '<');
    if (lt && n && name[n - 1] == '>' && strspn(lt + 1, "0123456789abcdef") == (size_t)(name + n - 1 - lt - 1))
      n = (size_t)(lt - name);
    char key[32];
    snprintf(key, sizeof(key), "%llx", pc);
    GROW(d->symbols, d->symcap, d->nsymbols);
    d->symbols[d->nsymbols] = xstrndup(name, n);
    strmap_put(&d->symbol_index, key, d->nsymbols++);
  }
  if (!line || !(line = next_line(cur)) || (++*lineno, strcmp(line, "--- heap") != 0))
    die_input(d->path, *lineno, "expected '--- heap' after the symbol section");
}

const char *heap_dump_symbol(const heap_dump *d, uint64_t pc) {
  char key[32];
  snprintf(key, sizeof(key), "%llx", (unsigned long long)pc);
  size_t i = strmap_get(&d->symbol_index, key);
  return i == (size_t)-1 ? NULL : d->symbols[i];
}

#define HEAP_MAX_INTERVAL (1ull << 40)

static const char *skip_spaces(const char *p) {
  while (*p == ' ' || *p == '\t')
    p++;
  return p;
}

/* A decimal count; NULL if there is none. */
static const char *parse_count(const char *p, double *out) {
  p = skip_spaces(p);
  if (!isdigit((unsigned char)*p))
    return NULL;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(p, &end, 10);
  if (errno)
    return NULL;
  *out = (double)v;
  return end;
}

/* A decimal with an optional fraction ("12.345"); NULL if there is none.
 * Digits only, as parse_count: no sign, exponent, "nan" or "inf". */
static const char *parse_decimal(const char *p, double *out) {
  p = skip_spaces(p);
  const char *q = p;
  while (isdigit((unsigned char)*q))
    q++;
  if (q == p)
    return NULL;
  if (*q == '.') {
    q++;
    if (!isdigit((unsigned char)*q))
      return NULL;
    while (isdigit((unsigned char)*q))
      q++;
  }
  char *end;
  errno = 0;
  *out = strtod(p, &end);
  if (errno || end != q)
    return NULL;
  return end;
}

static const char *expect(const char *p, char c) {
  p = skip_spaces(p);
  return *p == c ? p + 1 : NULL;
}

/* "a: b [c: d]" into to[0..3], each a count (whole number) or, where
 * decimal[i], a decimal; nothing may follow. */
static int parse_bracketed(const char *p, double *const to[4],
                           const int decimal[4]) {
  static const char after[4] = {':', '[', ':', ']'};
  for (int i = 0; i < 4; i++) {
    p = decimal[i] ? parse_decimal(p, to[i]) : parse_count(p, to[i]);
    if (!p || !(p = expect(p, after[i])))
      return 0;
  }
  return *skip_spaces(p) == 0;
}

/* "a: b [c: d]" of counts (a t line): all of *c, its unbiased fields
 * cleared (an unbiased: line after it sets them). */
static int parse_four(const char *p, raw_counts *c) {
  *c = (raw_counts){0};
  double *const to[4] = {&c->objs, &c->bytes, &c->cum_objs, &c->cum_bytes};
  return parse_bracketed(p, to, (const int[4]){0, 0, 0, 0});
}

/* "a: b [c: d]", a and b counts, c and d decimals (a peak: line): into
 * objs, bytes, est_objs and var_objs. */
static int parse_unbiased_four(const char *p, raw_counts *c) {
  *c = (raw_counts){0};
  double *const to[4] = {&c->objs, &c->bytes, &c->est_objs, &c->var_objs};
  return parse_bracketed(p, to, (const int[4]){0, 0, 1, 1});
}

/* "a: b [c: d]" of decimals, into the unbiased fields of c. */
static int parse_unbiased(const char *p, raw_counts *c) {
  double *const to[4] = {&c->est_objs, &c->var_objs, &c->est_cum_objs,
                         &c->var_cum_objs};
  if (!parse_bracketed(p, to, (const int[4]){1, 1, 1, 1}))
    return 0;
  c->has_unbiased = 1;
  return 1;
}

/* "name=<count>" somewhere in line. */
static int field(const char *line, const char *name, double *out) {
  const char *at = strstr(line, name);
  return at && parse_count(at + strlen(name), out) != NULL;
}

/* "# peak est_bytes=B t_ms=T snapshot_bytes=S snapshot_t_ms=U" */
static int parse_peak_header(heap_dump *d, const char *line) {
  if (!field(line, " est_bytes=", &d->peak_bytes) || !field(line, " t_ms=", &d->peak_ms) ||
      !field(line, " snapshot_bytes=", &d->snap_bytes) ||
      !field(line, " snapshot_t_ms=", &d->snap_ms))
    return 0;
  if (!field(line, " inuse_max=", &d->inuse_max) ||
      !field(line, " inuse_max_t_ms=", &d->inuse_max_ms))
    d->inuse_max = -1;
  d->has_peak = 1;
  return 1;
}

/* "# size <lo>: <samples>: <objects>: <variance>" */
static int parse_size_line(heap_dump *d, const char *p) {
  size_class c;
  if (!(p = parse_count(p, &c.lo)) || !(p = expect(p, ':')) ||
      !(p = parse_count(p, &c.samples)) || !(p = expect(p, ':')) ||
      !(p = parse_decimal(p, &c.est)) || !(p = expect(p, ':')) ||
      !(p = parse_decimal(p, &c.var)) || *skip_spaces(p))
    return 0;
  GROW(d->sizes, d->sizecap, d->nsizes);
  d->sizes[d->nsizes++] = c;
  return 1;
}

/* "# lifetimes temporary_ms=T uptime_ms=U" */
static int parse_lifetimes_header(heap_dump *d, const char *line) {
  const char *t = strstr(line, " temporary_ms="), *u = strstr(line, " uptime_ms=");
  double tv, uv;
  if (!t || !u || !parse_count(t + 14, &tv) || !parse_count(u + 11, &uv))
    return 0;
  d->has_life = 1;
  d->temporary_ms = tv;
  d->uptime_ms = uv;
  return 1;
}

/* "tX: a: b [c: d]" with X '*' or a thread number. */
static int parse_thread_line(const char *line, thread_counts *out) {
  const char *p = skip_spaces(line);
  if (*p++ != 't')
    return 0;
  if (*p == '*') {
    out->thread = THREAD_ALL;
    p++;
  } else if (isdigit((unsigned char)*p)) {
    char *end;
    out->thread = strtol(p, &end, 10);
    p = end;
  } else {
    return 0;
  }
  if (!(p = expect(p, ':')))
    return 0;
  return parse_four(p, &out->c);
}

static void parse_stack_line(heap_dump *d, const char *line, long lineno) {
  GROW(d->stacks, d->cap, d->nstacks);
  dump_stack *s = &d->stacks[d->nstacks++];
  s->line = lineno;
  size_t cap = 0;
  const char *p = line + 1;
  for (;;) {
    p = skip_spaces(p);
    if (!*p)
      break;
    if (p[0] != '0' || (p[1] != 'x' && p[1] != 'X') ||
        !isxdigit((unsigned char)p[2]))
      die_input(d->path, lineno, "malformed stack line: expected hex addresses after '@'");
    char *end;
    errno = 0;
    unsigned long long pc = strtoull(p, &end, 16);
    if (errno || (*end && *end != ' ' && *end != '\t'))
      die_input(d->path, lineno, "malformed stack line: bad address");
    GROW(s->pcs, cap, s->npcs);
    s->pcs[s->npcs++] = pc;
    p = end;
  }
  if (s->npcs == 0)
    die_input(d->path, lineno, "malformed stack line: no addresses after '@'");
}

heap_dump *heap_dump_load(const char *path) {
  char *text = read_file(path, NULL);
  heap_dump *d = xcalloc(1, sizeof(*d));
  d->path = xstrdup(path);
  struct stat st;
  if (stat(path, &st) == 0)
    d->mtime = (double)st.st_mtim.tv_sec + st.st_mtim.tv_nsec / 1e9;

  char *cur = text, *line;
  long lineno = 0, first = 1;
  if (strncmp(text, "--- symbol", 10) == 0) {
    parse_symbols(d, &cur, &lineno);
    first = lineno + 1;
  }
  int in_maps = 0;
  /* The line number of the last t line and where its counts went (an
   * unbiased: line belongs to it; valid only on the next line). */
  long last_t = 0;
  raw_counts *last_c = NULL, header_thread;
  while ((line = next_line(&cur))) {
    lineno++;
    if (lineno == first) {
      if (!heap_dump_sniff(line))
        die_input(path, lineno, "not a heap profile: the first line must be 'heap_v2/<sample bytes>'");
      /* Digits only: strtoull alone would read "-4096" as 2^64-4096. The
       * bound is the runtime's (heap_profile_sample is at most 1 TiB);
       * jemalloc's lg_prof_sample stays far below it in practice. */
      char *end = line + 8;
      errno = 0;
      unsigned long long iv = isdigit((unsigned char)line[8]) ? strtoull(line + 8, &end, 10) : 0;
      if (errno || end == line + 8 || *end || iv == 0 || iv > HEAP_MAX_INTERVAL)
        die_input(path, lineno,
                  "malformed header: the sample interval must be an integer from 1 to %llu "
                  "(1 TiB)",
                  HEAP_MAX_INTERVAL);
      d->interval = (double)iv;
      continue;
    }
    if (in_maps) {
      if (!*skip_spaces(line))
        continue;
      mapping m;
      if (!maps_parse_line(line, &m))
        die_input(path, lineno, "malformed MAPPED_LIBRARIES line");
      maps_add(&d->maps, &m);
      continue;
    }
    const char *p = skip_spaces(line);
    if (!*p)
      continue;
    if (strcmp(line, "MAPPED_LIBRARIES:") == 0) {
      in_maps = 1;
      continue;
    }
    if (strncmp(p, "# lifetimes", 11) == 0) {
      if (!parse_lifetimes_header(d, p))
        die_input(path, lineno, "malformed line: expected '# lifetimes temporary_ms=<ms> "
                                "uptime_ms=<ms>'");
      continue;
    }
    if (strncmp(p, "# peak ", 7) == 0) {
      if (!parse_peak_header(d, p))
        die_input(path, lineno, "malformed line: expected '# peak est_bytes=<bytes> t_ms=<ms> "
                                "snapshot_bytes=<bytes> snapshot_t_ms=<ms>'");
      continue;
    }
    if (strncmp(p, "# size ", 7) == 0) {
      if (!parse_size_line(d, p + 7))
        die_input(path, lineno, "malformed line: expected '# size <bytes>: <samples>: "
                                "<objects>: <variance>'");
      continue;
    }
    if (*p == '#')
      continue; /* a comment, or a section a later runtime adds */
    if (strncmp(p, "peak:", 5) == 0) {
      raw_counts pc;
      if (!d->nstacks || !parse_unbiased_four(p + 5, &pc))
        die_input(path, lineno, "malformed line: expected 'peak: <objects>: <bytes> "
                                "[<objects>: <variance>]' after a stack");
      d->stacks[d->nstacks - 1].peak =
          (peak_counts){pc.objs, pc.bytes, pc.est_objs, pc.var_objs};
      continue;
    }
    if (strncmp(p, "life:", 5) == 0) {
      raw_counts lc;
      if (!d->nstacks || !parse_four(p + 5, &lc))
        die_input(path, lineno, "malformed line: expected 'life: <objects>: <bytes> "
                                "[<objects>: <bytes>]' after a stack");
      d->stacks[d->nstacks - 1].life =
          (life_counts){lc.objs, lc.bytes, lc.cum_objs, lc.cum_bytes};
      continue;
    }
    if (strncmp(p, "unbiased:", 9) == 0) {
      /* Belongs to the t line just before it: of the header (the
       * process), or the last one of the current stack. */
      raw_counts *c = last_t == lineno - 1 ? last_c : NULL;
      if (!c || !parse_unbiased(p + 9, c))
        die_input(path, lineno, "malformed line: expected 'unbiased: <objects>: <variance> "
                                "[<objects>: <variance>]' right after a 't' line");
      if (d->nstacks && c == &d->stacks[d->nstacks - 1].threads[0].c)
        d->stacks[d->nstacks - 1].total = *c;
      continue;
    }
    if (*p == '@') {
      if (d->nstacks && d->stacks[d->nstacks - 1].nthreads == 0)
        die_input(path, d->stacks[d->nstacks - 1].line,
                  "stack has no 't*:' counts line");
      parse_stack_line(d, p, lineno);
      continue;
    }
    thread_counts tc;
    if (!parse_thread_line(p, &tc))
      die_input(path, lineno, "malformed line: expected '@ <addresses>', "
                              "'t*: <objects>: <bytes> [<objects>: <bytes>]' or 'MAPPED_LIBRARIES:'");
    if (d->nstacks == 0) {
      /* Header lines: the process totals. Per-thread totals are implied by
       * the stacks, so only t* is kept (and an unbiased: line after a tN
       * line of the header is checked, not kept). */
      if (tc.thread == THREAD_ALL)
        d->total = tc.c;
      header_thread = tc.c;
      last_c = tc.thread == THREAD_ALL ? &d->total : &header_thread;
      last_t = lineno;
      continue;
    }
    dump_stack *s = &d->stacks[d->nstacks - 1];
    last_t = lineno;
    if (tc.thread == THREAD_ALL) {
      if (s->nthreads && s->threads[0].thread == THREAD_ALL)
        die_input(path, lineno, "second 't*:' line for one stack");
      s->total = tc.c;
      /* keep t* first so "has counts" is one check */
      GROW(s->threads, s->cap, s->nthreads);
      memmove(s->threads + 1, s->threads, s->nthreads * sizeof(*s->threads));
      s->threads[0] = tc;
      s->nthreads++;
      last_c = &s->threads[0].c;
    } else {
      GROW(s->threads, s->cap, s->nthreads);
      last_c = &s->threads[s->nthreads].c;
      s->threads[s->nthreads++] = tc;
    }
  }
  if (lineno < first)
    die_input(path, lineno, "no heap profile (expected a 'heap_v2/<sample bytes>' line)");
  if (d->nstacks && d->stacks[d->nstacks - 1].nthreads == 0)
    die_input(path, d->stacks[d->nstacks - 1].line, "stack has no 't*:' counts line");
  for (size_t i = 0; i < d->nstacks; i++)
    if (d->stacks[i].threads[0].thread != THREAD_ALL)
      die_input(path, d->stacks[i].line, "stack has per-thread lines but no 't*:' line");
  free(text);
  return d;
}
