/* Symbolization: pc -> "function file:line:column" frames, and the frame
 * lines of every report (DESIGN.md §3).
 *
 * Like ASan, Sleuth keeps one llvm-symbolizer child per process, started
 * lazily on the first request and fed "MODULE 0xOFFSET" lines over pipes; it
 * answers with (function, file:line:col) line pairs, innermost inlined frame
 * first, ended by a blank line. Everything here is raw syscalls and the
 * internal allocator, because reports are printed from inside malloc, signal
 * handlers and half-initialised processes.
 *
 * Robustness rules: a missing, crashing or hung symbolizer never takes the
 * process down (SIGPIPE is blocked and consumed around writes, reads time
 * out), a forked child starts its own symbolizer instead of talking to the
 * parent's, and when no symbolizer works the function name still comes from
 * the module's own ELF symbol table. */
#include "symbolize.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "build_id.h"
#include "symbol_cache.h"

#ifndef SLEUTH_DEFAULT_SYMBOLIZER
#define SLEUTH_DEFAULT_SYMBOLIZER "llvm-symbolizer"
#endif

#ifndef SYS_close_range
#define SYS_close_range 436 /* Linux 5.9; older kernels take the loop */
#endif

#define SYM_MAX_FRAMES 64    /* inlined frames kept per pc */
#define SYM_MAX_SPAWNS 3     /* per process; then give up for good */
#define SYM_TIMEOUT_MS 60000 /* first answer may wait for DWARF loading */
#define SYM_MAX_RESPONSE (1u << 20)
#define SYM_CACHE_BITS 12
#define ELF_MAX_SYMTAB (64u << 20)

extern char **environ;

/* Everything below is guarded by sym_lock: one request in flight at a time
 * keeps the pipe protocol in step. */
static spin_t sym_lock;
static const char *opt_path; /* external_symbolizer_path, or NULL */
static const char *sym_exe;  /* resolved binary, once found */
static int child_pid;        /* 0: no symbolizer running */
static int owner_pid;        /* the process that started child_pid */
static int to_child = -1, from_child = -1;
static int spawns; /* attempts by this process */
static char *resp;
static size_t resp_cap;

typedef struct cache_ent {
  struct cache_ent *next;
  uptr pc;
  const char *module; /* module entries are unique per mapping */
  int n;
  sl_frame_info f[];
} cache_ent;
static cache_ent *cache[1u << SYM_CACHE_BITS];

/* Secure mode (process/secure_mode.c): the user who ran a setuid program
 * chooses PATH, and the symbolizer would run with the program's
 * privileges. */
static int no_path_search;
void symbolizer_forbid_path_search(void) { no_path_search = 1; }

void symbolizer_set_path(const char *path) {
  spin_lock(&sym_lock);
  opt_path = path && path[0] ? istrdup(path) : 0;
  sym_exe = 0;
  spin_unlock(&sym_lock);
}

void symbolizer_lock(void) { spin_lock(&sym_lock); }
void symbolizer_unlock(void) { spin_unlock(&sym_lock); }

/* symbolize=0: printed frames are ASan's unsymbolized ones, module and
 * offset only, which offline symbolizers (asan_symbolize.py, ClusterFuzz's
 * stack symbolizer) parse and resolve; the ELF names are still looked up
 * for suppressions. */
static int print_names = 1;

void symbolizer_disable(void) {
  spin_lock(&sym_lock);
  spawns = SYM_MAX_SPAWNS; /* never start one: ELF symbol names only */
  print_names = 0;
  spin_unlock(&sym_lock);
}

/* ---- finding and starting llvm-symbolizer ---- */

/* Kept out of resolve_exe: its 4 KiB buffer would otherwise be part of the
 * frame also for the usual absolute path, on a report's stack, which in a
 * PTHREAD_STACK_MIN thread has no 4 KiB to spare (gcc splits the path
 * search off by itself, clang does not; lit/threads/small-stacks.c). */
static __attribute__((noinline)) const char *search_path(const char *name) {
  size_t nl = sl_strlen(name);
  char buf[4096];
  for (const char *p = sl_getenv("PATH"); p && *p;) {
    const char *end = sl_strchr(p, ':');
    size_t dl = end ? (size_t)(end - p) : sl_strlen(p);
    if (dl + 1 + nl < sizeof(buf)) {
      sbuf_t b;
      sbuf_init(&b, buf, sizeof(buf));
      /* An empty PATH entry means the current directory. */
      for (size_t i = 0; i < dl; i++)
        sbuf_putc(&b, p[i]);
      if (dl)
        sbuf_putc(&b, '/');
      sbuf_puts(&b, name);
      if (sys_access(buf, X_OK) == 0)
        return istrdup(buf);
    }
    p = end ? end + 1 : 0;
  }
  return 0;
}

static const char *resolve_exe(const char *name) {
  if (sl_strchr(name, '/'))
    return sys_access(name, X_OK) == 0 ? name : 0;
  return search_path(name);
}

static const char *find_symbolizer(void) {
  if (opt_path)
    return resolve_exe(opt_path); /* an explicit choice is not second-guessed */
  const char *exe = resolve_exe(SLEUTH_DEFAULT_SYMBOLIZER);
  return exe ? exe : no_path_search ? 0 : resolve_exe("llvm-symbolizer");
}

/* The parent's environment minus LD_PRELOAD, so that a preloaded Sleuth is
 * not loaded into the symbolizer too, and on the first start minus
 * LD_LIBRARY_PATH as well: llvm-symbolizer links some fifty system
 * libraries (zlib, zstd, liblzma, libxml2, libffi, OpenSSL, ...), and a
 * program under test is often run with its own build of one of them on
 * that path (libtool's wrappers do it), which the symbolizer would load in
 * place of the system's and die of. A symbolizer that dies at once is
 * started again with the path (one installed where only that path finds
 * its libraries). Only the array is allocated. */
static char **child_env(int without_library_path) {
  size_t n = 0;
  for (char **e = environ; e && *e; e++)
    n++;
  char **env = ialloc((n + 1) * sizeof(char *));
  if (!env)
    return 0;
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (sl_strncmp(environ[i], "LD_PRELOAD=", 11) != 0 &&
        !(without_library_path &&
          sl_strncmp(environ[i], "LD_LIBRARY_PATH=", 16) == 0))
      env[k++] = environ[i];
  env[k] = 0;
  return env;
}

/* In the forked child: raw syscalls only (other threads' locks are gone). */
__attribute__((noreturn)) static void child_exec(int rd, int wr, char **argv,
                                                 char **envp) {
  uint64_t none = 0;
  sys_call6(SYS_rt_sigprocmask, SIG_SETMASK, (long)&none, 0, 8, 0, 0);
  /* Lift both ends above stdio first: pipe2 may have returned 0 or 1 if the
   * program closed them, and dup3 onto itself would fail. The copies are
   * close-on-exec, so only fds 0 and 1 (cleared by dup3) survive exec. */
  long r = sys_call6(SYS_fcntl, rd, F_DUPFD_CLOEXEC, 3, 0, 0, 0);
  long w = sys_call6(SYS_fcntl, wr, F_DUPFD_CLOEXEC, 3, 0, 0, 0);
  if (r < 0 || w < 0 || sys_dup2((int)r, 0) < 0 || sys_dup2((int)w, 1) < 0)
    sys_exit_group(127);
  /* fds the program opened without O_CLOEXEC must not live on in the
   * symbolizer: a pipe's write end held there would hide EOF from the
   * program's reader for as long as the process runs. */
  if (sys_call6(SYS_close_range, 3, ~0u, 0, 0, 0, 0) < 0) {
    struct {
      uint64_t cur, max;
    } lim = {1024, 1024};
    sys_call6(SYS_prlimit64, 0, RLIMIT_NOFILE, 0, (long)&lim, 0, 0);
    for (uint64_t fd = 3; fd < lim.cur && fd < (1u << 16); fd++)
      sys_close((int)fd);
  }
  sys_execve(argv[0], argv, envp);
  sys_exit_group(127);
}

static int spawn_locked(void) {
  if (spawns >= SYM_MAX_SPAWNS)
    return 0;
  spawns++;
  if (!sym_exe)
    sym_exe = find_symbolizer();
  if (!sym_exe) {
    spawns = SYM_MAX_SPAWNS;
    return 0;
  }
  int in[2], out[2];
  if (sys_pipe2(in, O_CLOEXEC) < 0)
    return 0;
  if (sys_pipe2(out, O_CLOEXEC) < 0) {
    sys_close(in[0]);
    sys_close(in[1]);
    return 0;
  }
  char *argv[] = {(char *)sym_exe,       "--inlining",          "--demangle",
                  "--functions=linkage", "--output-style=LLVM", 0};
  char **envp = child_env(spawns == 1);
  pid_t pid = envp ? sys_fork() : -ENOMEM;
  if (pid == 0)
    child_exec(in[0], out[1], argv, envp);
  sys_close(in[0]);
  sys_close(out[1]);
  ifree(envp);
  if (pid < 0) {
    sys_close(in[1]);
    sys_close(out[0]);
    return 0;
  }
  child_pid = pid;
  owner_pid = sys_getpid();
  to_child = in[1];
  from_child = out[0];
  return 1;
}

static void stop_child_locked(void) {
  sys_close(to_child);
  sys_close(from_child);
  sys_kill(child_pid, SIGKILL);
  /* Reap it without ever blocking: with SIGCHLD ignored a blocking wait
   * would wait for all of the program's children. */
  for (int i = 0; i < 1000 && sys_waitpid(child_pid, 0, WNOHANG) == 0; i++)
    sys_sched_yield();
  child_pid = 0;
  to_child = from_child = -1;
}

/* After fork the pipes still lead to the parent's symbolizer; sharing it
 * would interleave both processes' answers. The fds are left open rather
 * than closed: the program may have closed and reused those numbers. */
static void check_fork_locked(void) {
  int self = sys_getpid();
  if (owner_pid && owner_pid != self) {
    child_pid = 0;
    to_child = from_child = -1;
    spawns = 0;
    owner_pid = 0;
  }
}

/* ---- the request/response protocol ---- */

/* A write to a dead child raises SIGPIPE, which would kill the program.
 * Block it for the write and swallow the one this write generated. */
static int write_request(const char *buf, size_t n) {
  uint64_t pipe_bit = 1ull << (SIGPIPE - 1), old = 0, pending = 0;
  sys_call6(SYS_rt_sigprocmask, SIG_BLOCK, (long)&pipe_bit, (long)&old, 8, 0,
            0);
  sys_call6(SYS_rt_sigpending, (long)&pending, 8, 0, 0, 0, 0);
  long r = 0;
  while (n > 0) {
    r = sys_write(to_child, buf, n);
    if (r == -EINTR)
      continue;
    if (r <= 0)
      break;
    buf += r;
    n -= (size_t)r;
  }
  if (r == -EPIPE && !(pending & pipe_bit)) {
    static const struct timespec zero; /* poll, do not wait */
    sys_call6(SYS_rt_sigtimedwait, (long)&pipe_bit, 0, (long)&zero, 8, 0, 0);
  }
  sys_call6(SYS_rt_sigprocmask, SIG_SETMASK, (long)&old, 0, 8, 0, 0);
  return n == 0;
}

/* Reads one answer (up to and including its blank line) into resp. */
static int read_response(void) {
  size_t len = 0;
  for (;;) {
    if (len + 1 >= resp_cap) {
      if (resp_cap >= SYM_MAX_RESPONSE)
        return 0;
      size_t cap = resp_cap ? resp_cap * 2 : 4096;
      char *n = irealloc(resp, cap);
      if (!n)
        return 0;
      resp = n;
      resp_cap = cap;
    }
    struct pollfd pfd = {from_child, POLLIN, 0};
    long pr = sys_call6(SYS_poll, (long)&pfd, 1, SYM_TIMEOUT_MS, 0, 0, 0);
    if (pr == -EINTR)
      continue;
    if (pr <= 0)
      return 0; /* hung: the caller kills it */
    long r = sys_read(from_child, resp + len, resp_cap - len - 1);
    if (r == -EINTR)
      continue;
    if (r <= 0)
      return 0;
    size_t from = len ? len - 1 : 0;
    len += (size_t)r;
    resp[len] = 0;
    for (size_t i = from; i + 1 < len; i++)
      if (resp[i] == '\n' && resp[i + 1] == '\n') {
        resp[i + 1] = 0;
        return 1;
      }
  }
}

/* Cuts a trailing ":<digits>" off s into *val. */
static int cut_number(char *s, int *val) {
  size_t len = sl_strlen(s), i = len;
  while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9')
    i--;
  if (i == len || i < 2 || s[i - 1] != ':')
    return 0;
  int v = 0;
  for (size_t k = i; k < len; k++)
    v = v * 10 + (s[k] - '0');
  *val = v;
  s[i - 1] = 0;
  return 1;
}

static char *next_line(char **s) {
  char *line = *s, *nl = sl_strchr(line, '\n');
  if (!nl)
    return 0;
  *nl = 0;
  *s = nl + 1;
  return line;
}

/* resp holds "FUNCTION\nFILE:LINE:COL\n" pairs; "??" marks unknowns. */
static int parse_response(sl_frame_info *out, int max) {
  char *s = resp;
  int n = 0, known = 0;
  char *fn, *loc;
  while (n < max && (fn = next_line(&s)) && fn[0] && (loc = next_line(&s))) {
    sl_frame_info *f = &out[n++];
    sl_memset(f, 0, sizeof(*f));
    int a = 0, b = 0;
    if (cut_number(loc, &b)) {
      if (cut_number(loc, &a)) {
        f->line = a;
        f->column = b;
      } else {
        f->line = b;
      }
    }
    if (sl_strcmp(fn, "??") != 0)
      f->function = istrdup(fn);
    if (loc[0] && sl_strcmp(loc, "??") != 0)
      f->file = istrdup(loc);
    else
      f->line = f->column = 0;
    known |= f->function || f->file;
  }
  return known ? n : 0;
}

/* Frames from the symbolizer, or -1 if it could not be asked. */
/* Not inlined: its request buffer would sit in its caller's frame, under
 * the other look-ups it makes (reports run on small thread stacks too). */
static SL_NOINLINE int query_locked(const char *module, uptr off,
                                    sl_frame_info *out, int max) {
  /* A quote or newline would break the line protocol (llvm-symbolizer
   * echoes unparsable input without a blank line). */
  if (sl_strchr(module, '"') || sl_strchr(module, '\n'))
    return -1;
  char req[4200];
  size_t len = sl_snprintf(req, sizeof(req), "\"%s\" 0x%lx\n", module,
                           (unsigned long)off);
  if (len + 1 >= sizeof(req))
    return -1;
  check_fork_locked();
  for (int attempt = 0; attempt < 2; attempt++) {
    if (!child_pid && !spawn_locked())
      return -1;
    if (write_request(req, len) && read_response())
      return parse_response(out, max);
    stop_child_locked(); /* died, failed to exec, or hung: maybe respawn */
  }
  return -1;
}

/* ---- fallback: the module's own ELF symbol table ---- */

enum { DEBUG_NONE, DEBUG_ELSEWHERE, DEBUG_IN_FILE };

typedef struct elf_syms {
  struct elf_syms *next;
  const char *module;
  const Elf64_Sym *syms;
  size_t nsyms;
  const char *strs;
  size_t nstrs;
  /* Whether llvm-symbolizer could find DWARF for the module (in it, or a
   * separate debug file where it looks): without any, it can tell no more
   * than the symbol table above, and starting it costs a short-lived
   * process more than its whole run (0.05 s, 0.1 s with one look-up in
   * libc's debug file, against seq's 1 ms). */
  int has_debug; /* DEBUG_NONE, DEBUG_ELSEWHERE or DEBUG_IN_FILE */
  int syms_tried; /* the symbol table was read (or could not be) */
} elf_syms;
static elf_syms *elf_cache;


static void *read_section(int fd, const Elf64_Shdr *sh) {
  if (sh->sh_size == 0 || sh->sh_size > ELF_MAX_SYMTAB)
    return 0;
  char *buf = ialloc(sh->sh_size + 1); /* +1: a NUL after string tables */
  if (buf && !sys_pread_full(fd, buf, sh->sh_size, sh->sh_offset)) {
    ifree(buf);
    buf = 0;
  }
  return buf;
}

/* Whether file exists (a debug file candidate), by a bounded path. */
/* Whether the file a + b[0..blen) + c + d exists (a debug file
 * candidate). The path is built in the internal heap: this runs inside
 * reports, also on threads with small stacks. */
static int candidate_exists(const char *a, const char *b, size_t blen,
                            const char *c, const char *d) {
  size_t cap = sl_strlen(a) + blen + sl_strlen(c) + sl_strlen(d) + 1;
  char *path = ialloc(cap);
  if (!path)
    return 1; /* cannot tell: ask the symbolizer */
  size_t n = sl_strlen(a);
  sl_memcpy(path, a, n);
  sl_memcpy(path + n, b, blen);
  sl_snprintf(path + n + blen, cap - n - blen, "%s%s", c, d);
  int found = sys_access(path, F_OK) == 0;
  ifree(path);
  return found;
}

/* Where llvm-symbolizer looks for a module's separate debug file: by its
 * build id under /usr/lib/debug/.build-id, and by its .gnu_debuglink name
 * next to it, in .debug/ next to it and under /usr/lib/debug; debuginfod
 * (its URLs, or files it fetched before) may have one too. */
static int debug_file_exists(const char *module, const char *link) {
  const char *home = sl_getenv("HOME");
  if (sl_getenv("DEBUGINFOD_URLS") ||
      candidate_exists(home ? home : "/", "", 0, "/.cache/llvm-debuginfod", ""))
    return 1;
  char id[140];
  if (elf_build_id_hex(module, id, sizeof(id) - 8) > 2) {
    /* .../ab/cdef....debug */
    sl_memcpy(id + sl_strlen(id), ".debug", 7);
    if (candidate_exists("/usr/lib/debug/.build-id/", id, 2, "/", id + 2))
      return 1;
  }
  if (!link || !*link || sl_strchr(link, '/'))
    return 0;
  size_t dl = 0;
  for (size_t i = 0; module[i]; i++)
    if (module[i] == '/')
      dl = i;
  return candidate_exists("", module, dl, "/", link) ||
         candidate_exists("", module, dl, "/.debug/", link) ||
         candidate_exists("/usr/lib/debug", module, dl, "/", link);
}

/* Where the module's DWARF is: in it (.debug_info, or compressed), in a
 * debug file llvm-symbolizer would find (DEBUG_ELSEWHERE, also when that
 * cannot be told), or nowhere. */
static int has_dwarf(const char *module, int fd, const Elf64_Ehdr *eh,
                     const Elf64_Shdr *sh) {
  if (eh->e_shstrndx >= eh->e_shnum)
    return DEBUG_ELSEWHERE;
  char *names = read_section(fd, &sh[eh->e_shstrndx]);
  if (!names)
    return DEBUG_ELSEWHERE;
  size_t nlen = sh[eh->e_shstrndx].sh_size;
  names[nlen] = 0;
  int dwarf = 0;
  char link[256] = "";
  for (int i = 0; i < eh->e_shnum && !dwarf; i++) {
    if (sh[i].sh_name >= nlen)
      continue;
    const char *name = names + sh[i].sh_name;
    if (!sl_strcmp(name, ".debug_info") || !sl_strcmp(name, ".zdebug_info"))
      dwarf = 1;
    /* The debug file's name, then padding and a CRC. */
    if (!sl_strcmp(name, ".gnu_debuglink") && sh[i].sh_size > 4 &&
        sh[i].sh_size < sizeof(link) &&
        sys_pread_full(fd, link, sh[i].sh_size, sh[i].sh_offset))
      link[sh[i].sh_size - 1] = 0;
  }
  ifree(names);
  return dwarf                             ? DEBUG_IN_FILE
         : debug_file_exists(module, link) ? DEBUG_ELSEWHERE
                                           : DEBUG_NONE;
}

/* Reads the module's section headers: whether it has DWARF anywhere
 * (has_dwarf) and, when want_syms, its .symtab (or .dynsym if stripped),
 * kept for good. */
static void load_elf(elf_syms *es, int want_syms) {
  int fd = sys_open(es->module, O_RDONLY, 0);
  if (fd < 0)
    return;
  Elf64_Ehdr eh;
  Elf64_Shdr *sh = 0;
  if (!sys_pread_full(fd, &eh, sizeof(eh), 0) ||
      sl_strncmp((const char *)eh.e_ident, ELFMAG, SELFMAG) != 0 ||
      eh.e_ident[EI_CLASS] != ELFCLASS64 ||
      eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shnum == 0)
    goto out;
  size_t shsz = (size_t)eh.e_shnum * sizeof(Elf64_Shdr);
  sh = ialloc(shsz);
  if (!sh || !sys_pread_full(fd, sh, shsz, eh.e_shoff))
    goto out;
  if (!want_syms) {
    es->has_debug = has_dwarf(es->module, fd, &eh, sh);
    goto out;
  }
  int pick = -1;
  for (int i = 0; i < eh.e_shnum; i++)
    if (sh[i].sh_type == SHT_SYMTAB ||
        (sh[i].sh_type == SHT_DYNSYM && pick < 0))
      pick = i;
  if (pick < 0 || sh[pick].sh_link >= eh.e_shnum ||
      sh[pick].sh_entsize != sizeof(Elf64_Sym))
    goto out;
  const Elf64_Shdr *strsh = &sh[sh[pick].sh_link];
  char *strs = read_section(fd, strsh);
  Elf64_Sym *syms = strs ? read_section(fd, &sh[pick]) : 0;
  if (!syms) {
    ifree(strs);
    goto out;
  }
  strs[strsh->sh_size] = 0;
  es->strs = strs;
  es->nstrs = strsh->sh_size;
  es->syms = syms;
  es->nsyms = sh[pick].sh_size / sizeof(Elf64_Sym);
out:
  ifree(sh);
  sys_close(fd);
}

/* The module's symbols, loaded on first use; NULL when out of memory. */
static elf_syms *elf_syms_locked(const char *module) {
  elf_syms *es = elf_cache;
  while (es && es->module != module)
    es = es->next;
  if (!es) {
    es = ialloc(sizeof(*es));
    if (!es)
      return 0;
    sl_memset(es, 0, sizeof(*es));
    es->module = module;
    es->has_debug = DEBUG_ELSEWHERE; /* unless the file says otherwise */
    load_elf(es, 0);
    es->next = elf_cache;
    elf_cache = es;
  }
  return es;
}

static const char *elf_lookup_locked(const char *module, uptr off) {
  elf_syms *es = elf_syms_locked(module);
  if (!es)
    return 0;
  if (!es->syms_tried) {
    es->syms_tried = 1;
    load_elf(es, 1);
  }
  const Elf64_Sym *best = 0;
  for (size_t i = 0; i < es->nsyms; i++) {
    const Elf64_Sym *s = &es->syms[i];
    int type = ELF64_ST_TYPE(s->st_info);
    if ((type != STT_FUNC && type != STT_GNU_IFUNC) ||
        s->st_shndx == SHN_UNDEF || s->st_name >= es->nstrs)
      continue;
    uptr size = s->st_size ? s->st_size : 1;
    if (off >= s->st_value && off - s->st_value < size &&
        (!best || s->st_value > best->st_value))
      best = s;
  }
  return best && es->strs[best->st_name] ? es->strs + best->st_name : 0;
}

/* ---- cache and public entry points ---- */

static unsigned cache_slot(uptr pc) {
  return (unsigned)(((uint64_t)pc * 0x9E3779B97F4A7C15ull) >>
                    (64 - SYM_CACHE_BITS));
}

static int symbolize_in_module(uptr pc, const char *module, uptr bias,
                               sl_frame_info *out, int max) {
  if (max <= 0)
    return 0;
  spin_lock(&sym_lock);
  cache_ent *e = cache[cache_slot(pc)];
  while (e && !(e->pc == pc && e->module == module))
    e = e->next;
  if (e) {
    int n = e->n < max ? e->n : max;
    sl_memcpy(out, e->f, (size_t)n * sizeof(sl_frame_info));
    spin_unlock(&sym_lock);
    return n;
  }
  sl_frame_info f[SYM_MAX_FRAMES];
  int n = 0, cacheable = 1;
  /* Pseudo-modules ([vdso]) and deleted files have nothing to read. */
  if (sys_access(module, F_OK) == 0) {
    /* A module without DWARF anywhere: its symbol table says all the
     * symbolizer would, but for demangling (C++ names stay its job). */
    elf_syms *es = elf_syms_locked(module);
    int debug = es ? es->has_debug : DEBUG_ELSEWHERE;
    const char *name =
        debug == DEBUG_NONE ? elf_lookup_locked(module, pc - bias) : 0;
    if (debug == DEBUG_NONE && (!name || sl_strncmp(name, "_Z", 2))) {
      sl_memset(&f[0], 0, sizeof(f[0]));
      f[0].function = name;
      n = name ? 1 : 0;
    } else {
      /* Answers on file first (symbol_cache.h): for the symbolizer this
       * process would start, so none when it may start none. */
      if (!sym_exe && spawns < SYM_MAX_SPAWNS)
        sym_exe = find_symbolizer();
      const char *via = spawns < SYM_MAX_SPAWNS ? sym_exe : 0;
      n = via ? symbol_cache_get_locked(module, via, pc - bias, f,
                                        SYM_MAX_FRAMES)
              : -1;
      if (n < 0) {
        n = query_locked(module, pc - bias, f, SYM_MAX_FRAMES);
        /* The module's own DWARF answers the same for its build id, also
         * where it knows nothing (_start); answers from a separate debug
         * file are kept only whole (one may be installed later). */
        if (n >= 0 && via)
          symbol_cache_put_locked(module, via, pc - bias, f, n,
                                  debug != DEBUG_IN_FILE);
      }
    }
    if (n < 0) {
      /* Retried later unless the symbolizer is gone for good. */
      cacheable = spawns >= SYM_MAX_SPAWNS;
      sl_memset(&f[0], 0, sizeof(f[0]));
      f[0].function = elf_lookup_locked(module, pc - bias);
      n = f[0].function ? 1 : 0;
    }
  }
  if (cacheable) {
    e = ialloc(sizeof(cache_ent) + (size_t)n * sizeof(sl_frame_info));
    if (e) {
      e->pc = pc;
      e->module = module;
      e->n = n;
      sl_memcpy(e->f, f, (size_t)n * sizeof(sl_frame_info));
      e->next = cache[cache_slot(pc)];
      cache[cache_slot(pc)] = e;
    }
  }
  spin_unlock(&sym_lock);
  if (n > max)
    n = max;
  sl_memcpy(out, f, (size_t)n * sizeof(sl_frame_info));
  return n;
}

int symbolize_pc(uptr pc, sl_frame_info *out, int max) {
  const char *module;
  uptr bias;
  if (!module_for_pc(pc, &module, &bias))
    return 0;
  return symbolize_in_module(pc, module, bias, out, max);
}

void for_each_frame(const uptr *pcs, int n, int first_is_exact,
                    void (*fn)(void *ctx, const sl_frame *f), void *ctx) {
  int num = 0;
  for (int i = 0; i < n; i++) {
    uptr pc = pcs[i];
    /* A return address points after the call, possibly into the next
     * line or function; the call itself is one byte earlier. */
    uptr at = (i == 0 && first_is_exact) || pc == 0 ? pc : pc - 1;
    const char *module = 0;
    uptr bias = 0;
    sl_frame_info f[SYM_MAX_FRAMES];
    int has_module = module_for_pc(at, &module, &bias);
    /* A return address in no module and no executable mapping is no
     * frame (a walk through code without frame pointers read data): the
     * stack ends before it, rather than print junk. */
    if (i > 0 && !has_module && !pc_in_executable_mapping(at))
      break;
    int nf = has_module
                 ? symbolize_in_module(at, module, bias, f, SYM_MAX_FRAMES)
                 : 0;
    if (nf == 0) {
      sl_memset(&f[0], 0, sizeof(f[0]));
      nf = 1;
    }
    for (int j = 0; j < nf; j++) {
      sl_frame fr = {num++,     at,          f[j].function,           f[j].file,
                     f[j].line, f[j].column, has_module ? module : 0, at - bias,
                     j < nf - 1};
      fn(ctx, &fr);
    }
  }
}

typedef struct {
  sbuf_t *b;
  const sl_stack_paint *paint;
} text_ctx;

static void text_frame(void *vctx, const sl_frame *f) {
  static const sl_stack_paint none = {"", "", ""};
  text_ctx *c = vctx;
  const sl_stack_paint *p = c->paint ? c->paint : &none;
  sbuf_t *b = c->b;
  sbuf_printf(b, "    #%d %p", f->num, (void *)f->pc);
  if (!print_names) { /* ASan's shape: two spaces where " in F" would be */
    if (f->module)
      sbuf_printf(b, "  (%s+0x%lx)\n", f->module, (unsigned long)f->offset);
    else
      sbuf_puts(b, "  (<unknown module>)\n");
    return;
  }
  if (f->function)
    sbuf_printf(b, " in %s%s%s", p->function, f->function, p->reset);
  if (f->file) {
    sbuf_printf(b, " %s%s", p->location, f->file);
    if (f->line) {
      sbuf_printf(b, ":%d", f->line);
      if (f->column)
        sbuf_printf(b, ":%d", f->column);
    }
    sbuf_puts(b, p->reset);
  } else if (f->module) {
    sbuf_printf(b, " (%s+0x%lx)", f->module, (unsigned long)f->offset);
  } else {
    sbuf_puts(b, " (<unknown module>)");
  }
  sbuf_putc(b, '\n');
}

void print_stack_painted(sbuf_t *b, const uptr *pcs, int n, int first_is_exact,
                         const sl_stack_paint *paint) {
  text_ctx c = {b, paint};
  for_each_frame(pcs, n, first_is_exact, text_frame, &c);
}

/* Built as ASan builds it: each of the first `frames` frames appends "--"
 * when the token is not empty, then its function name when it has one. */
typedef struct {
  char token[512];
  size_t len;
  int left; /* frames still to add */
} dedup_ctx;

static void dedup_put(dedup_ctx *c, const char *s) {
  while (*s && c->len + 1 < sizeof c->token)
    c->token[c->len++] = *s++;
  c->token[c->len] = 0;
}

static void dedup_frame(void *vctx, const sl_frame *f) {
  dedup_ctx *c = vctx;
  if (c->left <= 0)
    return;
  c->left--;
  if (c->len)
    dedup_put(c, "--");
  if (f->function && print_names)
    dedup_put(c, f->function);
}

void print_dedup_token(sbuf_t *b, const uptr *pcs, int n, int first_is_exact,
                       int frames) {
  dedup_ctx c;
  c.len = 0;
  c.token[0] = 0;
  c.left = frames;
  for_each_frame(pcs, n, first_is_exact, dedup_frame, &c);
  if (c.len)
    sbuf_printf(b, "DEDUP_TOKEN: %s\n", c.token);
}

void print_stack(sbuf_t *b, const uptr *pcs, int n, int first_is_exact) {
  print_stack_painted(b, pcs, n, first_is_exact, 0);
}
