/* The symbolizer's answers on file (symbol_cache.h). One file per module
 * build id and symbolizer, one line per answer:
 *
 *   OFFSET<TAB>N{<TAB>FUNCTION<TAB>FILE<TAB>LINE<TAB>COLUMN}*N<LF>
 *
 * (OFFSET in hex, the module-relative address asked; N frames, innermost
 * inlined first, an unknown function or file empty). A process reads a module's file once, at its first
 * look-up there, and appends each new complete answer with one write of
 * one line (O_APPEND: whole lines from concurrent processes do not mix; a
 * line still being written has no LF yet and is skipped). Files are the
 * user's own (created 0600 in 0700 directories, opened without following
 * symbolic links, and read only if owned by the effective user), and a
 * module's file stops growing at FILE_MAX. Raw system calls and the
 * internal allocator only: this runs inside reports. */
#include "symbol_cache.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include "build_id.h"

#define FILE_MAX (4u << 20)
#define LINE_MAX_BYTES 4000 /* an answer longer than this is not kept */
#define MAX_FRAMES 64

typedef struct {
  uptr off; /* 0: empty slot (offset 0 is never a return address) */
  int n;
  sl_frame_info *f;
} entry;

typedef struct mod_cache {
  struct mod_cache *next;
  const char *module, *symbolizer; /* pointer identity, as symbolize.c's */
  int usable;                      /* a build id and a directory */
  char path[640];
  size_t bytes; /* the file's size as far as this process knows */
  entry *tab;
  uint32_t cap, used;
} mod_cache;

static mod_cache *mods;
static int disabled;

void symbol_cache_disable(void) { disabled = 1; }

/* mkdir that tolerates an existing directory. */
static int make_dir(const char *path) {
  long r = sys_call6(SYS_mkdir, (long)path, 0700, 0, 0, 0, 0);
  return r == 0 || r == -EEXIST;
}

/* <cache home>/sleuth/symbols into out, created if missing; 0 when there
 * is no absolute cache home or it does not fit. */
static int cache_dir(char *out, size_t cap) {
  const char *xdg = sl_getenv("XDG_CACHE_HOME"), *home = sl_getenv("HOME");
  size_t n;
  if (xdg && xdg[0] == '/')
    n = sl_snprintf(out, cap, "%s", xdg);
  else if (home && home[0] == '/')
    n = sl_snprintf(out, cap, "%s/.cache", home);
  else
    return 0;
  if (n + sizeof("/sleuth/symbols") >= cap || !make_dir(out))
    return 0;
  sl_snprintf(out + n, cap - n, "/sleuth");
  if (!make_dir(out))
    return 0;
  sl_snprintf(out + n, cap - n, "/sleuth/symbols");
  return make_dir(out);
}

/* A regular file of the effective user's (not a link: O_NOFOLLOW). */
static int file_is_ours(int fd, size_t *size) {
  struct stat st;
  if (sys_call6(SYS_fstat, fd, (long)&st, 0, 0, 0, 0) < 0 ||
      !S_ISREG(st.st_mode) ||
      st.st_uid != (uid_t)sys_call6(SYS_geteuid, 0, 0, 0, 0, 0, 0))
    return 0;
  *size = (size_t)st.st_size;
  return 1;
}

static uint32_t hash_of(const char *s) {
  uint32_t h = 2166136261u; /* FNV-1a */
  for (; *s; s++)
    h = (h ^ (uint8_t)*s) * 16777619u;
  return h;
}

static entry *slot_for(mod_cache *mc, uptr off) {
  uint32_t mask = mc->cap - 1,
           i = (uint32_t)((off * 0x9e3779b97f4a7c15ull) >> 40) & mask;
  while (mc->tab[i].off && mc->tab[i].off != off)
    i = (i + 1) & mask;
  return &mc->tab[i];
}

/* Room for one more entry (the table at most half full). */
static int reserve(mod_cache *mc) {
  if ((mc->used + 1) * 2 <= mc->cap)
    return 1;
  uint32_t cap = mc->cap ? mc->cap * 2 : 64;
  entry *old = mc->tab, *tab = ialloc((size_t)cap * sizeof(entry));
  if (!tab)
    return 0;
  sl_memset(tab, 0, (size_t)cap * sizeof(entry));
  uint32_t old_cap = mc->cap;
  mc->tab = tab;
  mc->cap = cap;
  for (uint32_t i = 0; i < old_cap; i++)
    if (old[i].off)
      *slot_for(mc, old[i].off) = old[i];
  ifree(old);
  return 1;
}

static void insert(mod_cache *mc, uptr off, sl_frame_info *f, int n) {
  if (!off || !reserve(mc))
    return;
  entry *e = slot_for(mc, off);
  if (!e->off)
    mc->used++;
  *e = (entry){off, n, f};
}

/* Splits the next TAB- or LF-ended field off *s (NUL-terminating it). */
static char *field(char **s, int last) {
  char *beg = *s, *p = beg;
  while (*p && *p != '\t' && *p != '\n')
    p++;
  if (*p != (last ? '\n' : '\t'))
    return 0;
  *p = 0;
  *s = p + 1;
  return beg;
}

static long number(const char *s, int base) {
  long v = 0;
  if (!*s)
    return -1;
  for (; *s; s++) {
    int d = *s >= '0' && *s <= '9'   ? *s - '0'
            : *s >= 'a' && *s <= 'f' ? *s - 'a' + 10
                                     : 99;
    if (d >= base || v > (1l << 48))
      return -1;
    v = v * base + d;
  }
  return v;
}

/* One line into the table; malformed lines (another version's, a torn
 * one) are skipped. The text stays allocated: entries point into it. */
static void parse_line(mod_cache *mc, char *line) {
  char *s = line, *o = field(&s, 0), *c = o ? field(&s, 0) : 0;
  long off = o ? number(o, 16) : -1, n = c ? number(c, 10) : -1;
  if (off <= 0 || n < 0 || n > MAX_FRAMES)
    return;
  if (n == 0) {
    if (*s == '\n') /* nothing known there */
      insert(mc, (uptr)off, 0, 0);
    return;
  }
  sl_frame_info *f = ialloc((size_t)n * sizeof(sl_frame_info));
  if (!f)
    return;
  for (long i = 0; i < n; i++) {
    char *fn = field(&s, 0), *file = fn ? field(&s, 0) : 0,
         *ln = file ? field(&s, 0) : 0, *col = ln ? field(&s, i == n - 1) : 0;
    long l = col ? number(ln, 10) : -1, cl = col ? number(col, 10) : -1;
    if (l < 0 || cl < 0) {
      ifree(f);
      return;
    }
    f[i] = (sl_frame_info){*fn ? fn : 0, *file ? file : 0, (int)l, (int)cl};
  }
  insert(mc, (uptr)off, f, (int)n);
}

static void load(mod_cache *mc) {
  int fd = sys_open(mc->path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK, 0);
  size_t size = 0;
  if (fd < 0)
    return;
  int ours = file_is_ours(fd, &size);
  if (!ours || size > FILE_MAX) {
    mc->usable = ours; /* full: read nothing, add nothing */
    mc->bytes = FILE_MAX;
    sys_close(fd);
    return;
  }
  char *text = size ? ialloc(size + 1) : 0;
  if (text && sys_pread_full(fd, text, size, 0)) {
    text[size] = 0;
    mc->bytes = size;
    for (char *line = text; *line;) {
      char *end = line;
      while (*end && *end != '\n')
        end++;
      if (!*end)
        break; /* a line still being written */
      char *next = end + 1;
      char saved = *next;
      *next = 0; /* the line alone, its LF kept for field() */
      parse_line(mc, line);
      *next = saved;
      line = next;
    }
  }
  sys_close(fd);
}

static mod_cache *module_cache(const char *module, const char *symbolizer) {
  mod_cache *mc = mods;
  while (mc && !(mc->module == module && mc->symbolizer == symbolizer))
    mc = mc->next;
  if (mc)
    return mc;
  mc = ialloc(sizeof(*mc));
  if (!mc)
    return 0;
  sl_memset(mc, 0, sizeof(*mc));
  mc->module = module;
  mc->symbolizer = symbolizer;
  mc->next = mods;
  mods = mc;
  /* The name is built in mc->path itself: this runs inside reports, also
   * on threads with small stacks. */
  char id[132];
  if (elf_build_id_hex(module, id, sizeof(id)) > 0 &&
      cache_dir(mc->path, sizeof(mc->path) - sizeof(id) - 10)) {
    size_t n = sl_strlen(mc->path);
    sl_snprintf(mc->path + n, sizeof(mc->path) - n, "/%s-%08x", id,
                hash_of(symbolizer));
    mc->usable = 1;
  }
  if (mc->usable)
    load(mc);
  return mc;
}

int symbol_cache_get_locked(const char *module, const char *symbolizer,
                            uptr off, sl_frame_info *out, int max) {
  if (disabled || !off)
    return -1;
  mod_cache *mc = module_cache(module, symbolizer);
  if (!mc || !mc->usable || !mc->cap)
    return -1;
  entry *e = slot_for(mc, off);
  if (!e->off)
    return -1;
  int n = e->n < max ? e->n : max;
  sl_memcpy(out, e->f, (size_t)n * sizeof(sl_frame_info));
  return n;
}

/* Whether s can stand in a field (no TAB or LF; NULL is written empty). */
static int plain(const char *s) {
  return !s || (!sl_strchr(s, '\t') && !sl_strchr(s, '\n'));
}

void symbol_cache_put_locked(const char *module, const char *symbolizer,
                             uptr off, const sl_frame_info *f, int n,
                             int complete_only) {
  if (disabled || !off || n < 0 || n > MAX_FRAMES || (complete_only && !n))
    return;
  mod_cache *mc = module_cache(module, symbolizer);
  if (!mc || !mc->usable)
    return;
  for (int i = 0; i < n; i++) {
    if (!plain(f[i].function) || !plain(f[i].file))
      return;
    if (complete_only && (!f[i].function || !f[i].file || f[i].line <= 0))
      return; /* it may be answered better later */
  }
  /* In the internal heap, not on the stack (small thread stacks). */
  char *line = ialloc(LINE_MAX_BYTES);
  if (!line)
    return;
  size_t len = sl_snprintf(line, LINE_MAX_BYTES, "%lx\t%d",
                           (unsigned long)off, n);
  for (int i = 0; i < n && len < LINE_MAX_BYTES; i++)
    len += sl_snprintf(line + len, LINE_MAX_BYTES - len, "\t%s\t%s\t%d\t%d",
                       f[i].function ? f[i].function : "",
                       f[i].file ? f[i].file : "",
                       f[i].line > 0 ? f[i].line : 0,
                       f[i].column > 0 ? f[i].column : 0);
  if (len + 2 >= LINE_MAX_BYTES || mc->bytes + len + 1 > FILE_MAX) {
    ifree(line);
    return;
  }
  line[len++] = '\n';
  int fd = sys_open(mc->path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW |
                                  O_NONBLOCK,
                    0600);
  size_t size;
  if (fd < 0) {
    ifree(line);
    return;
  }
  if (file_is_ours(fd, &size) && size + len <= FILE_MAX &&
      sys_write(fd, line, len) == (long)len)
    mc->bytes = size + len;
  sys_close(fd);
  ifree(line);
  /* This process answers from its own table from now on (strings from
   * the symbolizer's response live for the process). */
  sl_frame_info *copy = n ? ialloc((size_t)n * sizeof(sl_frame_info)) : 0;
  if (copy || !n) {
    if (n)
      sl_memcpy(copy, f, (size_t)n * sizeof(sl_frame_info));
    insert(mc, off, copy, n);
  }
}
