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
  int has_range; /* INT and SIZE: lo..hi, from OPTION_RANGE */
  long long lo, hi;
} opt_desc;

static const opt_desc table[] = {
#define OPTION(type, name, def, impl, desc)                                    \
  {#name, T_##type, def, impl, desc, &sl_opt.name, 0, 0, 0},
#define OPTION_RANGE(type, name, def, lo, hi, impl, desc)                      \
  {#name, T_##type, def, impl, desc, &sl_opt.name, 1, lo, hi},
#include "options.inc"
#undef OPTION_RANGE
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
  /* A signed value must fit long long: "-18446744073709551574" is not a
   * spelling of 42. */
  if (is_signed && x > (neg ? 1ull << 63 : (1ull << 63) - 1))
    return -1;
  *out = neg ? 0ull - x : x;
  return 0;
}

/* Whether a parsed number lies in the option's range (table order: INT
 * values compare signed, SIZE values unsigned). */
static int in_range(const opt_desc *o, unsigned long long num) {
  if (!o->has_range)
    return 1;
  if (o->type == T_INT)
    return (long long)num >= o->lo && (long long)num <= o->hi;
  return num >= (unsigned long long)o->lo && num <= (unsigned long long)o->hi;
}

/* Where the string being parsed came from, for messages. */
static const char *source = "SLEUTH_OPTIONS";

/* Where the quarantine's sizes were last set (check_conflicts names it,
 * as every other option error names its string); 0: their defaults. */
static const char *quarantine_set_in;

static int set_value(const opt_desc *o, const char *v, char *err,
                     unsigned long errcap) {
  unsigned long long num;
  if (!sl_strcmp(o->name, "quarantine_size_mb") ||
      !sl_strcmp(o->name, "thread_local_quarantine_size_kb"))
    quarantine_set_in = source;
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
    if (parse_number(v, 1, &num, 0) || !in_range(o, num))
      goto bad;
    *(long long *)o->field = (long long)num;
    return 0;
  case T_SIZE:
    if (parse_number(v, 0, &num, 1) || !in_range(o, num))
      goto bad;
    *(unsigned long long *)o->field = num;
    return 0;
  case T_CHOICE:
    if (!word_allowed(o, v, sl_strlen(v)))
      goto bad;
    *(const char **)o->field = v;
    return 0;
  case T_LIST: {
    /* Every item between commas must be a listed word: an empty item
     * ("direct,", "direct,,indirect", "") is a bad value, as a typo is;
     * "none" spells the empty list. */
    const char *p = v;
    for (;;) {
      const char *e = p;
      while (*e && *e != ',')
        e++;
      if (!word_allowed(o, p, (size_t)(e - p)))
        goto bad;
      if (!*e)
        break;
      p = e + 1;
    }
    *(const char **)o->field = v;
    return 0;
  }
  case T_STR:
    *(const char **)o->field = v;
    return 0;
  }
bad:
  if (err && o->has_range)
    sl_snprintf(err, errcap,
                o->type == T_INT
                    ? "invalid value '%s' for option '%s' in %s "
                      "(expected %s from %lld to %lld)"
                    : "invalid value '%s' for option '%s' in %s "
                      "(expected %s from %llu to %llu)",
                v, o->name, source, type_names[o->type], o->lo, o->hi);
  else if (err)
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

/* Why heap_profile_signal cannot be sig, or NULL when it can: the dump
 * handler must be able to catch it, and it must not be a signal the
 * runtime or glibc already uses (leak/stoptheworld.h's STW_SIGNAL is 62;
 * core/ cannot include it). */
static const char *unusable_signal(long long sig) {
#define OTHER "; expected 0 or another signal from 1 to 64"
  switch (sig) {
  case 9:
    return "SIGKILL cannot be caught" OTHER;
  case 19:
    return "SIGSTOP cannot be caught" OTHER;
  case 7:
  case 11:
    return "SIGBUS and SIGSEGV are the runtime's fault signals" OTHER;
  case 32:
  case 33:
    return "glibc reserves signals 32 and 33" OTHER;
  case 62:
    return "signal 62 stops threads for the leak scan" OTHER;
  }
#undef OTHER
  return 0;
}

/* The path a report file can get is <log_path>.<pid>.<n> (n up to 99, see
 * report.c): a log_path with no room for that in PATH_MAX would be cut,
 * and a cut name may be another file. */
#define LOG_PATH_MAX (4096 - sizeof(".2147483647.99"))
/* log_path was last set by an ASan-syntax string, which never fails: a
 * path too long is then kept, and the first report says so in ASan's words
 * ("Path is too long") and goes to stderr (report.c). */
static int log_path_lenient;

/* Limits the table's ranges do not express, and those between options. */
static int check_ranges(char *err, unsigned long errcap,
                        const char **bad_name) {
  const char *bad = 0, *want = 0;
  long long value = 0;
  unsigned long long rz = sl_opt.redzone;
  const char *lp = sl_opt.log_path;
  size_t lp_len = lp ? sl_strlen(lp) : 0;
  if (rz & (rz - 1))
    bad = "redzone", want = "expected a power of two from 16 to 2048",
    value = (long long)rz;
  else if (sl_opt.heap_profile_signal &&
           (want = unusable_signal(sl_opt.heap_profile_signal)))
    bad = "heap_profile_signal", value = sl_opt.heap_profile_signal;
  else if (sl_opt.leak_growth_checks == 1)
    bad = "leak_growth_checks",
    want = "expected 0, or 2 or more: growth needs two checks",
    value = sl_opt.leak_growth_checks;
  if (bad_name)
    *bad_name = bad ? bad : 0;
  if (!bad && lp_len > LOG_PATH_MAX && !log_path_lenient) {
    char head[9] = {0}; /* ASan names the path by its first 8 bytes */
    sl_memcpy(head, lp, 8);
    if (err)
      sl_snprintf(err, errcap,
                  "option 'log_path' in %s: Path is too long: %s... (%zu "
                  "bytes; at most %zu leave room for the .<pid> suffix in "
                  "PATH_MAX (4096))",
                  source, head, lp_len, (size_t)LOG_PATH_MAX);
    if (bad_name)
      *bad_name = "log_path";
    return -1;
  }
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
                "invalid value '%lld' for option '%s' in %s (%s)", value,
                bad, source, want);
  return -1;
}

static const char *first_unimplemented;

const char *options_first_unimplemented(void) { return first_unimplemented; }

static void set_defaults(void) {
  for (size_t i = 0; i < N_OPTS; i++)
    set_value(&table[i], table[i].def, 0, 0);
  log_path_lenient = 0;
  quarantine_set_in = 0;
}

/* Lines kept for start-up to print once every string is parsed: the
 * warnings of ASan-syntax strings (at verbosity=1; verbosity itself may
 * come last) and the notices of SLEUTH_OPTIONS (always, but only when the
 * whole parse succeeds, so a rejected string gets its one error line). */
typedef struct {
  char text[4096];
  size_t len;
} line_buf;
static line_buf warnings, notices;

static void add_line(line_buf *lb, const char *msg) {
  size_t n = sl_strlen(msg);
  if (lb->len + n + 2 > sizeof lb->text)
    return;
  sl_memcpy(lb->text + lb->len, msg, n);
  lb->len += n;
  lb->text[lb->len++] = '\n';
  lb->text[lb->len] = 0;
}

static void warn(const char *msg) { add_line(&warnings, msg); }

const char *options_warnings(void) {
  return warnings.len ? warnings.text : 0;
}
const char *options_notices(void) { return notices.len ? notices.text : 0; }

/* Sleuth's syntax: name=value items separated by ':'; any problem is an
 * error (returns -1 with err filled). A name given twice in one string
 * is a notice (the last value wins, as in ASan; a later string, such as
 * SLEUTH_OPTIONS after __sleuth_default_options, overrides silently). */
static int parse_strict(const char *s, char *err, unsigned long errcap) {
  char *copy = istrdup(s);
  char *p = copy;
  unsigned char seen[N_OPTS];
  sl_memset(seen, 0, sizeof seen);
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
      if (!sl_strcmp(o->name, "log_path"))
        log_path_lenient = 0;
      if (seen[o - table]++ == 1) {
        char msg[256];
        sl_snprintf(msg, sizeof msg,
                    "option '%s' is given more than once in "
                    "%s; the last value is used",
                    o->name, source);
        add_line(&notices, msg);
      }
      if (!o->implemented && !first_unimplemented)
        first_unimplemented = o->name;
    }
    if (!saved)
      break;
    p = end + 1;
  }
  return check_ranges(err, errcap, 0);
}


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

/* Both of ASan's quarantine sizes given (other than -1, "the default") in
 * ASan-syntax strings: ASan refuses that, and so does Sleuth. */
static int asan_quarantine_bytes_given, asan_quarantine_mb_given;

/* Settings that contradict each other, found once every string is
 * parsed: an error in every syntax, since ASan too refuses to start with
 * them (a flag it does not know or a value it would refuse is only a
 * warning in ASan's syntax; these are not that). The messages are ASan's. */
static int check_conflicts(char *err, unsigned long errcap) {
  const char *msg = 0;
  if (asan_quarantine_bytes_given && asan_quarantine_mb_given)
    msg = "please use either 'quarantine_size' (deprecated) or "
          "quarantine_size_mb, but not both";
  else if (!sl_opt.thread_local_quarantine_size_kb && sl_opt.quarantine_size_mb)
    msg = "thread_local_quarantine_size_kb can be set to 0 only when "
          "quarantine_size_mb is set to 0";
  if (!msg)
    return 0;
  /* ASan's words, then where (a substring check of ASan's still holds). */
  if (err)
    sl_snprintf(err, errcap, "%s (in %s)", msg,
                quarantine_set_in ? quarantine_set_in : source);
  return -1;
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
    if (v && !sl_strcmp(name, "quarantine_size"))
      asan_quarantine_bytes_given = 1;
    else if (v && !sl_strcmp(name, "quarantine_size_mb"))
      asan_quarantine_mb_given = 1;
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
    } else if (!sl_strcmp(o->name, "log_path")) {
      log_path_lenient = 1;
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
  notices.len = 0;
  source = "SLEUTH_OPTIONS";
  set_defaults();
  asan_quarantine_bytes_given = asan_quarantine_mb_given = 0;
  if (!s)
    return 0;
  if (parse_strict(s, err, errcap))
    return -1;
  return check_conflicts(err, errcap);
}

/* Compiled into the program (weak: most programs define none). */
extern const char *__sleuth_default_options(void) __attribute__((weak));
/* A fuzz target: libFuzzer's entry point, which AFL++'s driver calls too. */
extern int LLVMFuzzerTestOneInput(const unsigned char *data,
                                  unsigned long size) __attribute__((weak));

/* Defaults in a fuzz target, before every other source of options (any of
 * them may set these back). A fuzz target runs one input after another,
 * each allocating and freeing its buffers: a quarantine of 32 MiB or more
 * gives the pages of its 8 KiB+ blocks back to the kernel and faults them
 * in again when the slots come round (quarantine.c), a few system calls
 * and page faults per input (libyaml's parser fuzzer: 13 k executions a
 * second against ASan's 19 k; with 30 MiB resident, 30 k). A use after
 * free within an input, or 30 MiB of frees later, is still caught. */
#define FUZZ_TARGET_DEFAULTS "quarantine_size_mb=30"

extern const char *__asan_default_options(void) __attribute__((weak));
extern const char *__lsan_default_options(void) __attribute__((weak));

static const char *hook_text(const char *(*hook)(void)) {
  const char *s = hook ? hook() : 0;
  return s && *s ? s : 0;
}

/* Which variable a user would set to change an option: ASAN_OPTIONS when
 * SLEUTH_OPTIONS is unset (the runtime then reads ASAN_OPTIONS, and users
 * of ASan-compatible builds know that name), else SLEUTH_OPTIONS. */
static const char *env_name = "SLEUTH_OPTIONS";

const char *options_env_name(void) { return env_name; }

int options_init(const char *sleuth_env, const char *asan_env,
                 const char *lsan_env, char *err, unsigned long errcap) {
  first_unimplemented = 0;
  warnings.len = 0;
  notices.len = 0;
  lsan_suppressions = 0;
  set_defaults();
  asan_quarantine_bytes_given = asan_quarantine_mb_given = 0;
  const char *s;
  if (LLVMFuzzerTestOneInput) {
    source = "the fuzz target's defaults";
    if (parse_strict(FUZZ_TARGET_DEFAULTS, err, errcap))
      return -1;
  }
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
  env_name = sleuth_env ? "SLEUTH_OPTIONS" : "ASAN_OPTIONS";
  if (sleuth_env) {
    source = "SLEUTH_OPTIONS";
    if (parse_strict(sleuth_env, err, errcap))
      return -1;
  } else {
    if (asan_env) {
      source = "ASAN_OPTIONS";
      parse_asan(asan_env, 0);
    }
    if (lsan_env) {
      source = "LSAN_OPTIONS";
      parse_asan(lsan_env, 1);
    }
    source = "SLEUTH_OPTIONS";
  }
  return check_conflicts(err, errcap);
}

void options_print_help(int fd) {
  char line[1024];
  /* Read ASan's way (SLEUTH_OPTIONS unset), the list starts as ASan's
   * does, in Sleuth's name: scripts that look for that header find it. */
  if (sl_strcmp(env_name, "SLEUTH_OPTIONS"))
    sys_write_all(fd, "Available flags for Sleuth:\n", 28);
  sys_write_all(fd, "Sleuth runtime options (SLEUTH_OPTIONS=name=value:...):\n",
                56);
  for (size_t i = 0; i < N_OPTS; i++) {
    const opt_desc *o = &table[i];
    char range[64] = "";
    if (o->has_range)
      sl_snprintf(range, sizeof range, " (%lld..%lld)", o->lo, o->hi);
    size_t n = sl_snprintf(
        line, sizeof line, "  %-30s %-7s default %-17s %s%s%s\n", o->name,
        type_names[o->type], *o->def ? o->def : "\"\"", o->desc, range,
        o->implemented ? "" : " (not implemented yet)");
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
