/* Suppression rules: parsing (once, at start-up, before main) and matching
 * (lazily: a report's frames are symbolized only if a rule of its kind
 * exists). See suppressions.h. */
#include "suppressions.h"

#include <errno.h>

#include "options.h"
#include "stackdepot.h"
#include "suppression_pattern.h"
#include "symbolize.h"

typedef struct {
  char *kind;
  char *pattern;
  /* For "Suppressions used:": leak records count their objects and
   * bytes, other reports 1 and 0. */
  uptr hits, bytes;
} rule;

static rule *rules;
static int nrules;
static int suppressed_errors;

/* The kinds a rule may name: ASan's and LSan's (`leak`, the three
 * `interceptor_*`, `odr_violation`, and `alloc_dealloc_mismatch`, read as
 * `alloc-dealloc-mismatch`), DESIGN.md §3's error kinds and the
 * signal kinds report_deadly_signal uses. `*-param-overlap` is accepted for
 * any intercepted function. */
/* clang-format off */
static const char *const kinds[] = {
    "leak", "interceptor_name", "interceptor_via_fun", "interceptor_via_lib",
    "odr_violation", "heap-buffer-overflow", "heap-use-after-free", "double-free",
    "bad-free", "alloc-dealloc-mismatch", "new-delete-type-mismatch",
    "stack-buffer-overflow", "stack-buffer-underflow",
    "dynamic-stack-buffer-overflow", "stack-use-after-scope",
    "stack-use-after-return", "global-buffer-overflow", "use-after-poison",
    "container-overflow",
    "calloc-overflow", "allocation-size-too-big", "out-of-memory", "SEGV",
    "BUS", "FPE", "ILL", "ABRT", "unknown-crash", 0};
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
  /* A line that does not parse starts as ASan's message does. */
  sbuf_printf(&b, "==%d==ERROR: Sleuth: %s", sys_getpid(),
              line ? "failed to parse suppressions: " : "");
  if (file)
    sbuf_printf(&b, "suppressions file '%s'", file);
  else
    sbuf_puts(&b, "the program's default suppressions");
  if (line)
    sbuf_printf(&b, " line %d", line);
  sbuf_puts(&b, ": ");
  va_list ap;
  va_start(ap, fmt);
  sbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  /* A long line is cut, but stays one line ending in a newline. */
  if (b.len > sizeof msg - 2)
    b.len = sizeof msg - 2;
  b.buf[b.len++] = '\n';
  sys_write_all(2, b.buf, b.len);
  sys_exit_group(1);
}

static int is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Adds the rules of text (modified in place); file names it in errors
 * (NULL: the program's __lsan_default_suppressions or
 * __asan_default_suppressions). */
static void parse_rules(char *text, const char *file) {
  static int cap;
  int lineno = 0;
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
      /* ASan's (LLVM 20+) spelling of the kind. */
      if (!sl_strcmp(k, "alloc_dealloc_mismatch"))
        k = "alloc-dealloc-mismatch";
      if (!known_kind(k)) {
        die(file, lineno,
            "unknown kind '%s' (leak, interceptor_name, interceptor_via_fun, "
            "interceptor_via_lib, odr_violation or an error kind such as "
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
      sl_memset(&rules[nrules], 0, sizeof(rule));
      rules[nrules].kind = istrdup(k);
      rules[nrules].pattern = istrdup(pat);
      nrules++;
    }
    p = next;
  }
}

/* Rules compiled into the program, as with ASan and LSan (weak: most
 * programs define neither). */
extern const char *__lsan_default_suppressions(void) __attribute__((weak));
extern const char *__asan_default_suppressions(void) __attribute__((weak));

static void add_default_rules(const char *(*hook)(void)) {
  const char *text = hook ? hook() : 0;
  if (!text || !*text)
    return;
  char *copy = istrdup(text);
  parse_rules(copy, 0);
  ifree(copy);
}

/* A suppressions file is read whole before main: a bound keeps a wrong
 * name (a log, a core file) from holding start-up; real files have a few
 * hundred lines. */
#define SUPPRESSIONS_MAX_BYTES (16u << 20)

static void add_file_rules(const char *file) {
  if (!file || !*file)
    return;
  const char *problem;
  int err;
  char *text =
      sys_read_text_file(file, SUPPRESSIONS_MAX_BYTES, 0, &problem, &err);
  if (!text && err == EFBIG)
    die(file, 0, "%s of %u MiB", problem, SUPPRESSIONS_MAX_BYTES >> 20);
  if (!text && err)
    die(file, 0, "%s (errno %d)", problem, err);
  if (!text)
    die(file, 0, "%s", problem);
  parse_rules(text, file);
  ifree(text);
}

void suppressions_init(void) {
  add_default_rules(__asan_default_suppressions);
  add_default_rules(__lsan_default_suppressions);
  add_file_rules(sl_opt.suppressions);
  add_file_rules(options_lsan_suppressions());
}

int suppressions_active(void) { return nrules > 0; }

/* A path matches by its full name (as in ASan) or by its last component
 * (Sleuth's extension, so `^libfoo.so$` names a library wherever it is). */
static int match_name(const char *pat, const char *name, int is_path) {
  if (!name || !*name)
    return 0;
  if (suppression_pattern_match(pat, name))
    return 1;
  return is_path && suppression_pattern_match(pat, sl_path_base(name));
}

/* What a kind's patterns are matched against in each frame. */
enum { BY_MODULE = 1, BY_FUNCTION = 2, BY_FILE = 4, BY_ALL = 7 };

static int has_kind(const char *kind) {
  for (int i = 0; i < nrules; i++)
    if (!sl_strcmp(rules[i].kind, kind))
      return 1;
  return 0;
}

/* The first rule of kind matching a frame of pcs[0..n), frames in order
 * and rules in file order within a frame (as LSan picks), or -1. */
static int find_rule(const char *kind, int by, const uptr *pcs, int n,
                     int first_is_exact) {
  if (!has_kind(kind))
    return -1;
  for (int f = 0; f < n; f++) {
    uptr pc = pcs[f];
    if (!pc)
      continue;
    uptr lookup = (f == 0 && first_is_exact) ? pc : pc - 1;
    sl_frame_info fi[8];
    int nf = (by & (BY_FUNCTION | BY_FILE)) ? symbolize_pc(lookup, fi, 8) : 0;
    const char *mod = 0;
    uptr bias;
    if (!(by & BY_MODULE) || !module_for_pc(pc, &mod, &bias))
      mod = 0;
    for (int i = 0; i < nrules; i++) {
      if (sl_strcmp(rules[i].kind, kind))
        continue;
      const char *pat = rules[i].pattern;
      if (match_name(pat, mod, 1))
        return i;
      for (int k = 0; k < nf; k++)
        if (((by & BY_FUNCTION) && match_name(pat, fi[k].function, 0)) ||
            ((by & BY_FILE) && match_name(pat, fi[k].file, 1)))
          return i;
    }
  }
  return -1;
}

static void count_hit(int i, uptr hits, uptr bytes) {
  __atomic_fetch_add(&rules[i].hits, hits, __ATOMIC_RELAXED);
  __atomic_fetch_add(&rules[i].bytes, bytes, __ATOMIC_RELAXED);
}

int suppressions_match(const char *kind, const uptr *pcs, int n,
                       int first_is_exact) {
  if (!nrules)
    return 0;
  int i = find_rule(kind, BY_ALL, pcs, n, first_is_exact);
  if (i < 0)
    return 0;
  count_hit(i, 1, 0);
  return 1;
}

int suppressions_match_stack(const char *kind, uint32_t stack) {
  if (!nrules || !has_kind(kind))
    return 0;
  uptr pcs[DEPOT_MAX_FRAMES];
  int n = depot_get(stack, pcs, DEPOT_MAX_FRAMES);
  return find_rule(kind, BY_ALL, pcs, n, 0) >= 0;
}

int suppressions_match_leak(uint32_t stack, uptr objects, uptr bytes) {
  if (!nrules || !has_kind("leak"))
    return 0;
  uptr pcs[DEPOT_MAX_FRAMES];
  int n = depot_get(stack, pcs, DEPOT_MAX_FRAMES);
  int i = find_rule("leak", BY_ALL, pcs, n, 0);
  if (i < 0)
    return 0;
  count_hit(i, objects, bytes);
  return 1;
}

/* The intercepted function's name from the interceptor's own frame: the
 * outermost function at pc, without an `__interceptor_` prefix. */
static int interceptor_name_at(uptr pc, char *out, size_t cap) {
  sl_frame_info fi[8];
  int nf = symbolize_pc(pc - 1, fi, 8);
  if (nf <= 0 || !fi[nf - 1].function)
    return 0;
  const char *name = fi[nf - 1].function;
  static const char prefix[] = "__interceptor_";
  while (*name == '_' && !sl_strncmp(name + 1, prefix, sizeof prefix - 1))
    name++;
  if (!sl_strncmp(name, prefix, sizeof prefix - 1))
    name += sizeof prefix - 1;
  sl_snprintf(out, cap, "%s", name);
  return 1;
}

int suppressions_interceptor_report(const char *interceptor, const uptr *pcs,
                                    int n) {
  if (!nrules)
    return 0;
  int i = -1;
  if (has_kind("interceptor_name")) {
    char name[256];
    if (!interceptor && n > 0 && interceptor_name_at(pcs[0], name, sizeof name))
      interceptor = name;
    for (int r = 0; interceptor && r < nrules && i < 0; r++)
      if (!sl_strcmp(rules[r].kind, "interceptor_name") &&
          suppression_pattern_match(rules[r].pattern, interceptor))
        i = r;
  }
  if (i < 0)
    i = find_rule("interceptor_via_lib", BY_MODULE, pcs, n, 0);
  if (i < 0)
    i = find_rule("interceptor_via_fun", BY_FUNCTION, pcs, n, 0);
  if (i < 0)
    return 0;
  count_hit(i, 1, 0);
  return 1;
}

int suppressions_odr_violation(const char *global_name) {
  for (int i = 0; i < nrules; i++)
    if (!sl_strcmp(rules[i].kind, "odr_violation") &&
        suppression_pattern_match(rules[i].pattern, global_name)) {
      count_hit(i, 1, 0);
      return 1;
    }
  return 0;
}

void suppressions_print_used(sbuf_t *b) {
  int any = 0;
  for (int i = 0; i < nrules && !any; i++)
    any = !sl_strcmp(rules[i].kind, "leak") &&
          __atomic_load_n(&rules[i].hits, __ATOMIC_RELAXED);
  if (!any)
    return;
  static const char rule_line[] =
      "-----------------------------------------------------\n";
  sbuf_puts(b, rule_line);
  sbuf_puts(b, "Suppressions used:\n");
  sbuf_puts(b, "  count      bytes template\n");
  for (int i = 0; i < nrules; i++) {
    uptr hits = __atomic_load_n(&rules[i].hits, __ATOMIC_RELAXED);
    if (!sl_strcmp(rules[i].kind, "leak") && hits)
      sbuf_printf(b, "%7zu %10zu %s\n", (size_t)hits,
                  (size_t)__atomic_load_n(&rules[i].bytes, __ATOMIC_RELAXED),
                  rules[i].pattern);
  }
  sbuf_puts(b, rule_line);
  sbuf_putc(b, '\n');
}

int suppressions_error_count(void) {
  return __atomic_load_n(&suppressed_errors, __ATOMIC_RELAXED);
}

void suppressions_count_error(void) {
  __atomic_fetch_add(&suppressed_errors, 1, __ATOMIC_RELAXED);
}
