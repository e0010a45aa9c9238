/* Parser for SLEUTH_OPTIONS (name=value:name=value), driven by options.inc,
 * and for ASan's ASAN_OPTIONS / LSAN_OPTIONS and compiled-in defaults
 * (see options_init). */
#include "options.h"

#include "sys.h"

sleuth_options_t sl_opt;

enum opt_type { T_BOOL, T_INT, T_SIZE, T_STR, T_CHOICE, T_LIST };

typedef struct {
  const char *name;
  enum opt_type type;
  const char *def;
  int implemented;
  const char *desc;
  void *field;
} opt_desc;

static const opt_desc table[] = {
#define OPTION(type, name, def, impl, desc)                                    \
  {#name, T_##type, def, impl, desc, &sl_opt.name},
#include "options.inc"
#undef OPTION
};
#define N_OPTS (sizeof(table) / sizeof(table[0]))

static const char *type_names[] = {"bool",   "int",    "size",
                                   "string", "choice", "list"};

/* The allowed words of a CHOICE/LIST option: the "[a|b]" prefix of desc. */
static int word_allowed(const opt_desc *o, const char *w, size_t n) {
  const char *p = o->desc + 1;
  while (*p && *p != ']') {
    const char *e = p;
    while (*e != '|' && *e != ']')
      e++;
    if ((size_t)(e - p) == n && sl_strncmp(p, w, n) == 0)
      return 1;
    p = *e == '|' ? e + 1 : e;
  }
  return 0;
}

static int parse_number(const char *v, int is_signed, unsigned long long *out,
                        int allow_suffix) {
  int neg = 0;
  if (is_signed && *v == '-')
    neg = 1, v++;
  if (*v < '0' || *v > '9')
    return -1;
  unsigned long long x = 0;
  while (*v >= '0' && *v <= '9') {
    unsigned long long nx = x * 10 + (unsigned)(*v - '0');
    if (nx / 10 != x)
      return -1;
    x = nx;
    v++;
  }
  if (allow_suffix && *v) {
    int shift = *v == 'k' || *v == 'K'   ? 10
                : *v == 'm' || *v == 'M' ? 20
                : *v == 'g' || *v == 'G' ? 30
                                         : -1;
    if (shift < 0 || v[1])
      return -1;
    if (x > (~0ull >> shift))
      return -1;
    x <<= shift;
    v++;
  }
  if (*v)
    return -1;
  *out = neg ? (unsigned long long)(-(long long)x) : x;
  return 0;
}

/* Where the string being parsed came from, for messages. */
static const char *source = "SLEUTH_OPTIONS";

static int set_value(const opt_desc *o, const char *v, char *err,
                     unsigned long errcap) {
  unsigned long long num;
  switch (o->type) {
  case T_BOOL:
    /* ASan's spellings too. */
    if (!sl_strcmp(v, "1") || !sl_strcmp(v, "true") || !sl_strcmp(v, "yes"))
      *(int *)o->field = 1;
    else if (!sl_strcmp(v, "0") || !sl_strcmp(v, "false") ||
             !sl_strcmp(v, "no"))
      *(int *)o->field = 0;
    else
      goto bad;
    return 0;
  case T_INT:
    if (parse_number(v, 1, &num, 0))
      goto bad;
    *(long long *)o->field = (long long)num;
    return 0;
  case T_SIZE:
    if (parse_number(v, 0, &num, 1))
      goto bad;
    *(unsigned long long *)o->field = num;
    return 0;
  case T_CHOICE:
    if (!word_allowed(o, v, sl_strlen(v)))
      goto bad;
    *(const char **)o->field = v;
    return 0;
  case T_LIST: {
    const char *p = v;
    while (*p) {
      const char *e = p;
      while (*e && *e != ',')
        e++;
      if (!word_allowed(o, p, (size_t)(e - p)))
        goto bad;
      p = *e ? e + 1 : e;
    }
    *(const char **)o->field = v;
    return 0;
  }
  case T_STR:
    *(const char **)o->field = v;
    return 0;
  }
bad:
  if (err)
    sl_snprintf(err, errcap,
                "invalid value '%s' for option '%s' in %s "
                "(expected %s%s%s)",
                v, o->name, source, type_names[o->type],
                o->type == T_CHOICE || o->type == T_LIST ? " of " : "",
                o->type == T_CHOICE || o->type == T_LIST ? o->desc : "");
  if (err && (o->type == T_CHOICE || o->type == T_LIST)) {
    /* Cut the description after its "[...]" list. */
    char *close = sl_strchr(err, ']');
    if (close) {
      close[1] = ')';
      close[2] = 0;
    }
  }
  return -1;
}

static const opt_desc *find(const char *name, size_t n) {
  for (size_t i = 0; i < N_OPTS; i++)
    if (sl_strlen(table[i].name) == n && !sl_strncmp(table[i].name, name, n))
      return &table[i];
  return 0;
}

/* Limits the types alone do not express. */
static int check_ranges(char *err, unsigned long errcap,
                        const char **bad_name) {
  const char *bad = 0, *want = 0;
  long long value = 0;
  unsigned long long rz = sl_opt.redzone;
  if (rz < 16 || rz > 2048 || (rz & (rz - 1)))
    bad = "redzone", want = "a power of two from 16 to 2048",
    value = (long long)rz;
  else if (sl_opt.malloc_context_size > 256)
    bad = "malloc_context_size", want = "0 to 256",
    value = (long long)sl_opt.malloc_context_size;
  else if (sl_opt.exitcode < 0 || sl_opt.exitcode > 255)
    bad = "exitcode", want = "0 to 255", value = sl_opt.exitcode;
  else if (sl_opt.heap_profile_signal < 1 || sl_opt.heap_profile_signal > 64)
    bad = "heap_profile_signal", want = "a signal number, 1 to 64",
    value = sl_opt.heap_profile_signal;
  else if (sl_opt.heap_profile_interval_s < 0)
    bad = "heap_profile_interval_s", want = "0 or more",
    value = sl_opt.heap_profile_interval_s;
  else if (sl_opt.verbosity < 0)
    bad = "verbosity", want = "0 or more", value = sl_opt.verbosity;
  else if (sl_opt.leak_growth_checks < 0 || sl_opt.leak_growth_checks == 1)
    bad = "leak_growth_checks",
    want = "0, or 2 or more: growth needs two checks",
    value = sl_opt.leak_growth_checks;
  else if (sl_opt.max_leaks < 0)
    bad = "max_leaks", want = "0 or more", value = sl_opt.max_leaks;
  else if (sl_opt.sleep_before_dying < 0 || sl_opt.sleep_before_dying > 86400)
    bad = "sleep_before_dying", want = "0 to 86400 seconds",
    value = sl_opt.sleep_before_dying;
  if (bad_name)
    *bad_name = bad ? bad : 0;
  if (!bad && sl_opt.leak_growth_checks && !sl_opt.heap_profile_interval_s) {
    /* The checks are taken every heap_profile_interval_s seconds. */
    if (err)
      sl_snprintf(err, errcap,
                  "option 'leak_growth_checks' in %s needs "
                  "heap_profile_interval_s=SECONDS (the time between two "
                  "checks)",
                  source);
    if (bad_name)
      *bad_name = "leak_growth_checks";
    return -1;
  }
  if (!bad)
    return 0;
  if (err)
    sl_snprintf(err, errcap,
                "invalid value '%lld' for option '%s' in %s "
                "(expected %s)",
                value, bad, source, want);
  return -1;
}

static const char *first_unimplemented;

const char *options_first_unimplemented(void) { return first_unimplemented; }

static void set_defaults(void) {
  for (size_t i = 0; i < N_OPTS; i++)
    set_value(&table[i], table[i].def, 0, 0);
}

/* Sleuth's syntax: name=value items separated by ':'; any problem is an
 * error (returns -1 with err filled). */
static int parse_strict(const char *s, char *err, unsigned long errcap) {
  char *copy = istrdup(s);
  char *p = copy;
  while (*p) {
    char *end = p;
    while (*end && *end != ':')
      end++;
    char saved = *end;
    *end = 0;
    if (*p) {
      char *eq = sl_strchr(p, '=');
      size_t nlen = eq ? (size_t)(eq - p) : sl_strlen(p);
      const opt_desc *o = find(p, nlen);
      if (!o) {
        if (eq)
          *eq = 0;
        if (err)
          sl_snprintf(err, errcap,
                      "unknown option '%s' in %s (help=1 lists them)", p,
                      source);
        return -1;
      }
      if (!eq) {
        if (err)
          sl_snprintf(err, errcap,
                      "option '%s' in %s has no value (write %s=VALUE)",
                      o->name, source, o->name);
        return -1;
      }
      if (set_value(o, eq + 1, err, errcap))
        return -1;
      if (!o->implemented && !first_unimplemented)
        first_unimplemented = o->name;
    }
    if (!saved)
      break;
    p = end + 1;
  }
  return check_ranges(err, errcap, 0);
}

/* Warnings from ASan-syntax strings, printed at verbosity=1 once all are
 * parsed (verbosity itself may come last). */
static char warnings[4096];
static size_t warnings_len;

static void warn(const char *msg) {
  size_t n = sl_strlen(msg);
  if (warnings_len + n + 2 > sizeof warnings)
    return;
  sl_memcpy(warnings + warnings_len, msg, n);
  warnings_len += n;
  warnings[warnings_len++] = '\n';
  warnings[warnings_len] = 0;
}

const char *options_warnings(void) { return warnings_len ? warnings : 0; }

/* The second suppressions file (LSAN_OPTIONS' own), see options.h. */
static const char *lsan_suppressions;
const char *options_lsan_suppressions(void) { return lsan_suppressions; }

/* ASan's separators between flags. */
static int asan_sep(char c) {
  return c == ' ' || c == ',' || c == ':' || c == '\n' || c == '\t' ||
         c == '\r';
}

/* What an ASan flag means here when its name or value differs from
 * Sleuth's option (value rewritten in buf); NULL: ignore the flag. */
static const char *asan_meaning(const char **name, const char *v, char *buf,
                                size_t cap) {
  if (!sl_strcmp(*name, "quarantine_size")) { /* bytes, -1 = default */
    unsigned long long bytes;
    if (parse_number(v, 0, &bytes, 0))
      return v[0] == '-' ? 0 : v;
    *name = "quarantine_size_mb";
    sl_snprintf(buf, cap, "%llu", (bytes + (1ull << 20) - 1) >> 20);
    return buf;
  }
  if (!sl_strcmp(*name, "leak_check_at_exit")) {
    *name = "detect_leaks";
    return v;
  }
  if (!sl_strcmp(*name, "log_path") && !sl_strcmp(v, "stderr"))
    return ""; /* ASan's spelling of the default */
  if (!sl_strcmp(*name, "quarantine_size_mb") && v[0] == '-')
    return 0; /* ASan's "use the default" */
  return v;
}

/* ASan's syntax, as sanitizer_common parses it: name=value flags separated
 * by spaces, ',', ':', tabs or newlines; a value may be quoted with '' or
 * "". Never fails: a flag Sleuth does not have, a bad value or a broken
 * item is one warning (options_warnings) and is ignored, since the same
 * variable drives real ASan builds. In LSAN_OPTIONS, suppressions names
 * LSan's own file (read besides ASan's). */
static void parse_asan(const char *s, int is_lsan) {
  char *copy = istrdup(s);
  char msg[512];
  char *p = copy;
  while (*p) {
    while (asan_sep(*p))
      p++;
    if (!*p)
      break;
    char *name = p;
    while (*p && *p != '=' && !asan_sep(*p))
      p++;
    if (*p != '=') {
      char c = *p;
      *p = 0;
      sl_snprintf(msg, sizeof msg,
                  "WARNING: Sleuth: ignoring '%s' in %s: expected '='", name,
                  source);
      warn(msg);
      if (!c)
        break;
      p++;
      continue;
    }
    *p++ = 0;
    char *value = p;
    if (*p == '\'' || *p == '"') {
      char quote = *p++;
      value = p;
      while (*p && *p != quote)
        p++;
      if (!*p) {
        sl_snprintf(msg, sizeof msg,
                    "WARNING: Sleuth: ignoring '%s' in %s: unterminated "
                    "string",
                    name, source);
        warn(msg);
        break;
      }
      *p++ = 0;
    } else {
      while (*p && !asan_sep(*p))
        p++;
      if (*p)
        *p++ = 0;
    }
    const char *oname = name;
    char conv[32];
    const char *v = asan_meaning(&oname, value, conv, sizeof conv);
    if (v == conv)
      v = istrdup(conv);
    const opt_desc *o = v ? find(oname, sl_strlen(oname)) : 0;
    if (!o) {
      sl_snprintf(msg, sizeof msg,
                  "WARNING: Sleuth: ignoring %s flag '%s=%s': not a Sleuth "
                  "option (or not with this value)",
                  source, name, value);
      warn(msg);
      continue;
    }
    if (is_lsan && !sl_strcmp(o->name, "suppressions")) {
      lsan_suppressions = v;
      continue;
    }
    char err[400];
    if (set_value(o, v, err, sizeof err)) {
      sl_snprintf(msg, sizeof msg, "WARNING: Sleuth: ignoring %s", err);
      warn(msg);
    }
  }
  /* A value out of range goes back to its default, with a warning. */
  const char *bad;
  char err[400];
  for (int tries = 0; tries < 8 && check_ranges(err, sizeof err, &bad) &&
                      bad;
       tries++) {
    sl_snprintf(msg, sizeof msg, "WARNING: Sleuth: ignoring %s", err);
    warn(msg);
    const opt_desc *o = find(bad, sl_strlen(bad));
    set_value(o, o->def, 0, 0);
    if (!sl_strcmp(bad, "leak_growth_checks"))
      sl_opt.leak_growth_checks = 0;
  }
}

int options_parse(const char *s, char *err, unsigned long errcap) {
  first_unimplemented = 0;
  source = "SLEUTH_OPTIONS";
  set_defaults();
  if (!s)
    return 0;
  return parse_strict(s, err, errcap);
}

/* Compiled into the program (weak: most programs define none). */
extern const char *__sleuth_default_options(void) __attribute__((weak));
extern const char *__asan_default_options(void) __attribute__((weak));
extern const char *__lsan_default_options(void) __attribute__((weak));

static const char *hook_text(const char *(*hook)(void)) {
  const char *s = hook ? hook() : 0;
  return s && *s ? s : 0;
}

int options_init(const char *sleuth_env, const char *asan_env,
                 const char *lsan_env, char *err, unsigned long errcap) {
  first_unimplemented = 0;
  warnings_len = 0;
  lsan_suppressions = 0;
  set_defaults();
  const char *s;
  if ((s = hook_text(__sleuth_default_options))) {
    source = "__sleuth_default_options()";
    if (parse_strict(s, err, errcap))
      return -1;
  }
  if ((s = hook_text(__asan_default_options))) {
    source = "__asan_default_options()";
    parse_asan(s, 0);
  }
  if ((s = hook_text(__lsan_default_options))) {
    source = "__lsan_default_options()";
    parse_asan(s, 1);
  }
  if (sleuth_env) {
    source = "SLEUTH_OPTIONS";
    return parse_strict(sleuth_env, err, errcap);
  }
  if (asan_env) {
    source = "ASAN_OPTIONS";
    parse_asan(asan_env, 0);
  }
  if (lsan_env) {
    source = "LSAN_OPTIONS";
    parse_asan(lsan_env, 1);
  }
  source = "SLEUTH_OPTIONS";
  return 0;
}

void options_print_help(int fd) {
  char line[1024];
  sys_write_all(fd, "Sleuth runtime options (SLEUTH_OPTIONS=name=value:...):\n",
                56);
  for (size_t i = 0; i < N_OPTS; i++) {
    const opt_desc *o = &table[i];
    size_t n =
        sl_snprintf(line, sizeof line, "  %-30s %-7s default %-17s %s%s\n",
                    o->name, type_names[o->type], *o->def ? o->def : "\"\"",
                    o->desc, o->implemented ? "" : " (not implemented yet)");
    sys_write_all(fd, line, n);
  }
}

int option_list_has(const char *list, const char *item) {
  size_t n = sl_strlen(item);
  for (const char *p = list; *p;) {
    const char *e = p;
    while (*e && *e != ',')
      e++;
    if (((size_t)(e - p) == n && !sl_strncmp(p, item, n)) ||
        ((e - p) == 3 && !sl_strncmp(p, "all", 3)))
      return 1;
    p = *e ? e + 1 : e;
  }
  return 0;
}
