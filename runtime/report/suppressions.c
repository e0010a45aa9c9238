/* Suppression rules: parsing (once, at start-up, before main) and matching
 * (lazily: a report's frames are symbolized only if a rule of its kind
 * exists). See suppressions.h. */
#include "suppressions.h"

#include "options.h"
#include "stackdepot.h"
#include "symbolize.h"

typedef struct {
  char *kind;
  char *pattern;
} rule;

static rule *rules;
static int nrules;
static int suppressed_errors;

/* The kinds a rule may name: DESIGN.md §3's error kinds, the signal kinds
 * report_deadly_signal uses, and `leak`. `*-param-overlap` is accepted for
 * any intercepted function. */
/* clang-format off */
static const char *const kinds[] = {
    "leak", "heap-buffer-overflow", "heap-use-after-free", "double-free",
    "bad-free", "alloc-dealloc-mismatch", "new-delete-type-mismatch",
    "stack-buffer-overflow", "stack-buffer-underflow",
    "dynamic-stack-buffer-overflow", "stack-use-after-scope",
    "stack-use-after-return", "global-buffer-overflow", "use-after-poison",
    "container-overflow",
    "calloc-overflow", "allocation-size-too-big", "out-of-memory", "SEGV",
    "BUS", "FPE", "unknown-crash", 0};
/* clang-format on */

static int known_kind(const char *k) {
  for (int i = 0; kinds[i]; i++)
    if (!sl_strcmp(k, kinds[i]))
      return 1;
  static const char tail[] = "-param-overlap";
  size_t n = sl_strlen(k), t = sizeof tail - 1;
  return n > t && !sl_strcmp(k + n - t, tail);
}

/* One line naming the file (and line, if not 0) and the problem; exit 1. */
static __attribute__((noreturn, format(printf, 3, 4))) void
die(const char *file, int line, const char *fmt, ...) {
  char msg[2048];
  sbuf_t b;
  sbuf_init(&b, msg, sizeof msg);
  sbuf_printf(&b, "==%d==ERROR: Sleuth: suppressions file '%s'", sys_getpid(),
              file);
  if (line)
    sbuf_printf(&b, " line %d", line);
  sbuf_puts(&b, ": ");
  va_list ap;
  va_start(ap, fmt);
  sbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  sbuf_putc(&b, '\n');
  sys_write_all(2, b.buf, b.len);
  sys_exit_group(1);
}

static int is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

void suppressions_init(void) {
  const char *file = sl_opt.suppressions;
  if (!file || !*file)
    return;
  int fd = sys_open(file, 0 /* O_RDONLY */, 0);
  if (fd < 0)
    die(file, 0, "cannot be opened");
  sys_close(fd);
  size_t len;
  char *text = sys_read_file(file, &len);
  if (!text)
    die(file, 0, "cannot be read");
  int cap = 0, lineno = 0;
  for (char *p = text; *p;) {
    char *eol = sl_strchr(p, '\n');
    char *next = eol ? eol + 1 : p + sl_strlen(p);
    if (eol)
      *eol = 0;
    lineno++;
    char *hash = sl_strchr(p, '#');
    if (hash)
      *hash = 0;
    while (is_space(*p))
      p++;
    char *end = p + sl_strlen(p);
    while (end > p && is_space(end[-1]))
      *--end = 0;
    if (*p) {
      char *colon = sl_strchr(p, ':');
      if (!colon)
        die(file, lineno,
            "expected KIND:PATTERN (e.g. leak:my_function), got '%s'", p);
      *colon = 0;
      char *k = p, *pat = colon + 1;
      char *ke = colon;
      while (ke > k && is_space(ke[-1]))
        *--ke = 0;
      while (is_space(*pat))
        pat++;
      if (!*k)
        die(file, lineno, "missing kind before ':'");
      if (!known_kind(k)) {
        die(file, lineno,
            "unknown kind '%s' (leak or an error kind such as "
            "heap-buffer-overflow)",
            k);
      }
      if (!*pat)
        die(file, lineno, "empty pattern after '%s:'", k);
      for (char *c = pat; *c; c++)
        if (is_space(*c))
          die(file, lineno, "whitespace in pattern '%s'", pat);
      if (nrules == cap) {
        cap = cap ? cap * 2 : 16;
        rules = irealloc(rules, (size_t)cap * sizeof(rule));
      }
      rules[nrules].kind = istrdup(k);
      rules[nrules].pattern = istrdup(pat);
      nrules++;
    }
    p = next;
  }
  ifree(text);
}

int suppressions_active(void) { return nrules > 0; }

/* Glob match with `*` (any run of characters, including '/'). */
static int glob(const char *p, const char *s) {
  const char *star = 0, *back = 0;
  while (*s) {
    if (*p == '*') {
      star = ++p;
      back = s;
    } else if (*p == *s) {
      p++, s++;
    } else if (star) {
      p = star;
      s = ++back;
    } else {
      return 0;
    }
  }
  while (*p == '*')
    p++;
  return !*p;
}

static const char *base_name(const char *path) {
  const char *b = path;
  for (const char *c = path; *c; c++)
    if (*c == '/')
      b = c + 1;
  return b;
}

/* A path matches by its full name or by its last component. */
static int match_name(const char *pat, const char *name, int is_path) {
  if (!name || !*name)
    return 0;
  if (glob(pat, name))
    return 1;
  return is_path && glob(pat, base_name(name));
}

int suppressions_match(const char *kind, const uptr *pcs, int n,
                       int first_is_exact) {
  if (!nrules)
    return 0;
  int any = 0;
  for (int i = 0; i < nrules && !any; i++)
    any = !sl_strcmp(rules[i].kind, kind);
  if (!any)
    return 0;
  for (int f = 0; f < n; f++) {
    uptr pc = pcs[f];
    if (!pc)
      continue;
    uptr lookup = (f == 0 && first_is_exact) ? pc : pc - 1;
    sl_frame_info fi[8];
    int nf = symbolize_pc(lookup, fi, 8);
    const char *mod = 0;
    uptr bias;
    if (!module_for_pc(pc, &mod, &bias))
      mod = 0;
    for (int i = 0; i < nrules; i++) {
      if (sl_strcmp(rules[i].kind, kind))
        continue;
      const char *pat = rules[i].pattern;
      if (match_name(pat, mod, 1))
        return 1;
      for (int k = 0; k < nf; k++)
        if (match_name(pat, fi[k].function, 0) ||
            match_name(pat, fi[k].file, 1))
          return 1;
    }
  }
  return 0;
}

int suppressions_match_stack(const char *kind, uint32_t stack) {
  if (!nrules)
    return 0;
  uptr pcs[DEPOT_MAX_FRAMES];
  int n = depot_get(stack, pcs, DEPOT_MAX_FRAMES);
  return suppressions_match(kind, pcs, n, 0);
}

int suppressions_error_count(void) {
  return __atomic_load_n(&suppressed_errors, __ATOMIC_RELAXED);
}

void suppressions_count_error(void) {
  __atomic_fetch_add(&suppressed_errors, 1, __ATOMIC_RELAXED);
}
