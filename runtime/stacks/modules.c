/* The module map: which loaded ELF object holds a pc, its path and load bias.
 *
 * Built with dl_iterate_phdr (no malloc, no /proc parsing) into a table from
 * the internal allocator. Entries are never removed: a report printed after
 * dlclose can still name the module a stored stack pointed into. When a
 * library is unloaded and another one mapped over its addresses, both entries
 * overlap; the one seen most recently by a refresh wins, so live modules
 * always beat dead ones.
 *
 * A library that is loaded and unloaded between two lookups would never be
 * seen, so dlclose (interceptors_dlfcn.c) refreshes the table first: leak
 * records allocated in a dlclose'd library keep its path and bias, and
 * llvm-symbolizer reads the file from disk as for a loaded one.
 *
 * The loader's add/remove counters (dlpi_adds/dlpi_subs) tell whether the
 * table is stale, so each lookup costs one early-stopping dl_iterate_phdr
 * call and a full walk only happens after a dlopen/dlclose. */
#include "symbolize.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stddef.h>
#include <sys/auxv.h>

typedef struct {
  uptr lo, hi; /* [lo, hi) in the process's address space */
} mod_range;

typedef struct {
  const char *path;    /* never freed: callers keep the pointer */
  const char *dl_name; /* dlpi_name as the loader gave it; 0: main program */
  uptr bias;
  unsigned long seen; /* refresh pass that last found it loaded */
  int nranges;
  mod_range *ranges;
} module_t;

static spin_t mod_lock;
static module_t *mods;
static int nmods, capmods;
static unsigned long pass;
static unsigned long long last_adds, last_subs;
static int have_counts;
static const char *exe_path;

typedef struct {
  int first; /* the first object reported is the main program */
} walk_state;

/* Whether the file at path is the main program: an ELF file whose entry
 * point, moved by the program's load bias, is the kernel's AT_ENTRY (a
 * script run through its interpreter is not). */
static int main_bias_cb(struct dl_phdr_info *info, size_t size, void *arg) {
  (void)size;
  *(uptr *)arg = info->dlpi_addr;
  return 1; /* the first object is the main program */
}
static int is_main_program(const char *path) {
  int fd = sys_open(path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    return 0;
  ElfW(Ehdr) eh;
  long n = sys_read(fd, &eh, sizeof eh);
  sys_close(fd);
  uptr bias = 0;
  dl_iterate_phdr(main_bias_cb, &bias);
  return n == (long)sizeof eh && sl_strncmp((const char *)eh.e_ident, ELFMAG, SELFMAG) == 0 &&
         eh.e_entry + bias == getauxval(AT_ENTRY);
}

/* name made absolute against the working directory into buf, or 0. */
static const char *join_cwd(const char *name, char *buf, size_t cap) {
  long n = sys_getcwd(buf, cap);
  while (name[0] == '.' && name[1] == '/')
    name += 2;
  size_t nl = sl_strlen(name);
  if (n <= 0 || (size_t)n + 1 + nl > cap)
    return 0;
  size_t at = (size_t)n - 1; /* n counts the NUL */
  if (at && buf[at - 1] != '/')
    buf[at++] = '/';
  sl_memcpy(buf + at, name, nl + 1);
  return buf;
}

/* The main program's file. /proc/self/exe names it exactly, but a sandbox
 * or container may have no /proc: then the name execve was given
 * (AT_EXECFN; if relative, against the working directory, which is why
 * modules_note_start asks before main can chdir), once checked to be the
 * program's own file. Without either, frames name "<main executable>". */
static const char *main_exe_path(void) {
  if (exe_path)
    return exe_path;
  char buf[4096];
  long n = sys_readlink("/proc/self/exe", buf, sizeof(buf) - 1);
  if (n > 0) {
    buf[n] = 0;
    return exe_path = istrdup(buf);
  }
  const char *fn = (const char *)getauxval(AT_EXECFN), *path = 0;
  if (fn && fn[0])
    path = fn[0] == '/' ? fn : join_cwd(fn, buf, sizeof buf);
  exe_path = istrdup(path && is_main_program(path) ? path
                                                   : "<main executable>");
  return exe_path;
}

void modules_note_start(void) {
  spin_lock(&mod_lock);
  main_exe_path();
  spin_unlock(&mod_lock);
}

const char *modules_main_path(void) {
  /* Found at start-up (modules_note_start), so a report never waits for
   * the lock here. */
  const char *known = __atomic_load_n(&exe_path, __ATOMIC_ACQUIRE);
  if (known)
    return known;
  spin_lock(&mod_lock);
  const char *path = main_exe_path();
  spin_unlock(&mod_lock);
  return path;
}

/* The kernel's absolute name of the file mapped at addr, from
 * /proc/self/maps ("lo-hi perms offset dev inode   path"). */
static char *path_from_maps(uptr addr) {
  char *maps = sys_read_file("/proc/self/maps", 0), *found = 0;
  for (const char *l = maps; l && *l && !found;) {
    const char *nl = sl_strchr(l, '\n');
    size_t len = nl ? (size_t)(nl - l) : sl_strlen(l);
    const char *p = l;
    uptr lo = sl_parse_hex(&p);
    p++;
    uptr hi = sl_parse_hex(&p);
    if (addr >= lo && addr < hi) {
      const char *slash = p;
      while (slash < l + len && *slash != '/')
        slash++;
      if (slash < l + len && (found = ialloc((size_t)(l + len - slash) + 1)))
        sl_memcpy(found, slash, (size_t)(l + len - slash));
      break;
    }
    l = nl ? nl + 1 : 0;
  }
  ifree(maps);
  return found;
}

/* dlopen("./libx.so") leaves a relative dlpi_name, which stops naming the
 * file once the program changes directory; ask the kernel instead. */
static char *absolute_path(const char *name, uptr addr) {
  if (name[0] == '/')
    return istrdup(name);
  char *p = path_from_maps(addr), buf[4096];
  if (p)
    return p;
  /* No /proc: relative to the directory of now, as dlopen just read it. */
  const char *joined = sl_strchr(name, '/') ? join_cwd(name, buf, sizeof buf) : 0;
  return istrdup(joined ? joined : name);
}

static int same_module(const module_t *m, const char *name, uptr bias,
                       const struct dl_phdr_info *info) {
  if (m->bias != bias || m->nranges == 0)
    return 0;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type == PT_LOAD)
      return m->ranges[0].lo == bias + ph->p_vaddr &&
             (name == m->dl_name ||
              (name && m->dl_name && sl_strcmp(m->dl_name, name) == 0));
  }
  return 0;
}

static void add_module(const struct dl_phdr_info *info, const char *name) {
  int nload = 0;
  for (int i = 0; i < info->dlpi_phnum; i++)
    nload += info->dlpi_phdr[i].p_type == PT_LOAD;
  if (nload == 0)
    return;
  if (nmods == capmods) {
    int cap = capmods ? capmods * 2 : 64;
    module_t *n = irealloc(mods, (size_t)cap * sizeof(module_t));
    if (!n)
      return;
    mods = n;
    capmods = cap;
  }
  module_t *m = &mods[nmods];
  m->ranges = ialloc((size_t)nload * sizeof(mod_range));
  if (!m->ranges)
    return;
  m->nranges = 0;
  /* All PT_LOAD segments, not only executable ones: a data address (a
   * global) resolves to its module too, and code is covered either way. */
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD)
      continue;
    uptr lo = info->dlpi_addr + ph->p_vaddr;
    m->ranges[m->nranges].lo = lo;
    m->ranges[m->nranges].hi = lo + ph->p_memsz;
    m->nranges++;
  }
  m->path = name ? absolute_path(name, m->ranges[0].lo) : main_exe_path();
  m->dl_name = name ? istrdup(name) : 0;
  if (!m->path || (name && !m->dl_name))
    return;
  m->bias = info->dlpi_addr;
  m->seen = pass;
  nmods++;
}

static int walk_cb(struct dl_phdr_info *info, size_t size, void *arg) {
  walk_state *st = arg;
  int first = st->first;
  st->first = 0;
  if (first) {
    if (size >=
        offsetof(struct dl_phdr_info, dlpi_subs) + sizeof(info->dlpi_subs)) {
      if (have_counts && info->dlpi_adds == last_adds &&
          info->dlpi_subs == last_subs)
        return 1; /* nothing loaded or unloaded since the last refresh */
      last_adds = info->dlpi_adds;
      last_subs = info->dlpi_subs;
      have_counts = 1;
    }
    pass++;
  }
  /* The main program comes first with an empty name; a later empty name is
   * the vDSO on older glibc. */
  const char *name = info->dlpi_name;
  if (!name || !name[0])
    name = first ? 0 : "[vdso]";
  for (int i = 0; i < nmods; i++)
    if (same_module(&mods[i], name, info->dlpi_addr, info)) {
      mods[i].seen = pass;
      return 0;
    }
  add_module(info, name);
  return 0;
}

static const module_t *find_locked(uptr pc) {
  const module_t *best = 0;
  for (int i = 0; i < nmods; i++) {
    const module_t *m = &mods[i];
    if (best && m->seen < best->seen)
      continue;
    for (int j = 0; j < m->nranges; j++)
      if (pc >= m->ranges[j].lo && pc < m->ranges[j].hi) {
        best = m; /* ties: the later-added entry is the newer mapping */
        break;
      }
  }
  return best;
}

void modules_refresh(void) {
  spin_lock(&mod_lock);
  walk_state st = {1};
  dl_iterate_phdr(walk_cb, &st);
  spin_unlock(&mod_lock);
}

int pc_in_executable_mapping(uptr pc) {
  if (pc < 4096 || pc >= 0x800000000000ull)
    return 0;
  uptr lo, hi;
  int exec = 0, r = sys_mapping_of(pc, &lo, &hi, &exec);
  return r < 0 || (r && exec); /* unreadable maps: keep the frame */
}

int module_for_pc(uptr pc, const char **path, uptr *bias) {
  spin_lock(&mod_lock);
  walk_state st = {1};
  dl_iterate_phdr(walk_cb, &st);
  const module_t *m = find_locked(pc);
  if (m) {
    *path = m->path;
    *bias = m->bias;
  }
  spin_unlock(&mod_lock);
  return m != 0;
}
