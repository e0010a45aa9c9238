/* Error reports (DESIGN.md §3). Each report function fills a report_model
 * (report_model.h) under a lock; finish() renders it as text or JSON into
 * one buffer and writes it with one write, so reports from concurrent
 * threads never interleave; then the process stops (halt_on_error=1) or,
 * with halt_on_error=0, goes on after printing each distinct site once. */
#include "report_model.h"

#include <errno.h>
#include <fcntl.h>
#include <errno.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <signal.h>
#include <ucontext.h>

#include "allocator.h"
#include "globals.h"
#include "options.h"
#include "pools.h"
#include "report_hooks.h"
#include "shadow.h"
#include "stackdepot.h"
#include "stats.h"
#include "stderr_identity.h"
#include "suppressions.h"
#include "symbolize.h"
#include "threads.h"
#include "unwind.h"

#define MAX_FRAMES DEPOT_MAX_FRAMES
#define SCREEN_FRAMES 64 /* see set_error_stack */
#define SEEN_SITES 1024

static spin_t report_lock;
static int reporting_tid;
static int error_count;
static int log_fd = -1, log_pid;
/* The name of this process's report file once opened (report_path). */
static char log_file[4096];
static uptr seen[SEEN_SITES];
/* The fallback for stderr (stderr_fd, below). */
static int fallback_fd = -1, fallback_pid;

int report_error_count(void) {
  return __atomic_load_n(&error_count, __ATOMIC_RELAXED);
}

static int json_format(void) {
  return sl_opt.log_format && !sl_strcmp(sl_opt.log_format, "json");
}

/* log_path names a file (not empty, "stderr" or "stdout"). */
static int log_to_file(void) {
  const char *lp = sl_opt.log_path;
  return lp && *lp && sl_strcmp(lp, "stderr") && sl_strcmp(lp, "stdout");
}

/* log_path's value after __sanitizer_set_report_fd: log_fd, in every
 * process (a forked child inherits it). */
static const char fd_marker[] = "<fd>";

/* Creates this process's report file: <log_path>.<pid>, or, when that
 * name exists (a reused pid, a process that called exec, a file someone
 * put there), <log_path>.<pid>.1 up to .99. O_EXCL: the runtime writes
 * only into a file it created itself, never appends to another (nor
 * follows a symbolic link planted under the name). Returns the fd or
 * -errno; the name tried last is left in log_file. */
static int create_file_as(const char *lp, int pid, char *name, size_t cap) {
  int fd = -EEXIST;
  for (int n = 0; n < 100 && fd == -EEXIST; n++) {
    size_t len = n ? sl_snprintf(name, cap, "%s.%d.%d", lp, pid, n)
                   : sl_snprintf(name, cap, "%s.%d", lp, pid);
    /* options.c keeps log_path short enough; __sanitizer_set_report_path
     * may not: a name that does not fit is never opened cut short. */
    if (len + 1 >= cap)
      return -ENAMETOOLONG;
    fd = sys_open(name, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC,
                  0644);
  }
  return fd;
}

/* log_exe_name=1 puts the program's file name (without its directory)
 * between log_path and the pid, as ASan does: <log_path>.<name>.<pid>. */
static int create_log_file(const char *lp, int pid) {
  char with_name[sizeof log_file];
  if (sl_opt.log_exe_name) {
    /* NULL when the runtime's own memory ran out at start-up. */
    const char *exe = modules_main_path();
    const char *base = exe ? sl_path_base(exe) : 0;
    if (exe && exe[0] == '/' && *base) {
      if (sl_snprintf(with_name, sizeof with_name, "%s.%s", lp, base) + 1 >=
          sizeof with_name) {
        sl_snprintf(log_file, sizeof log_file, "%s", with_name); /* cut */
        return -ENAMETOOLONG;
      }
      lp = with_name;
    }
  }
  return create_file_as(lp, pid, log_file, sizeof log_file);
}

/* Reports meant for stderr when fd 2 is no longer stderr (the program
 * closed it, and maybe opened a file of its own that got number 2:
 * stderr_identity.c): this process's own file, $TMPDIR/sleuth-report.<pid>
 * (else /tmp), created on the first such report. The exit status is the
 * same as if the report had been seen. */
static char fallback_file[4096];

static int stderr_fd(void) {
  if (stderr_still_stderr())
    return 2;
  int pid = sys_getpid();
  if (fallback_fd >= 0 && fallback_pid == pid)
    return fallback_fd;
  const char *dir = sl_getenv("TMPDIR");
  if (!dir || dir[0] != '/' || sl_strlen(dir) > 3000)
    dir = "/tmp";
  char lp[3100];
  sl_snprintf(lp, sizeof lp, "%s/sleuth-report", dir);
  fallback_fd = create_file_as(lp, pid, fallback_file, sizeof fallback_file);
  fallback_pid = pid;
  return fallback_fd;
}

/* The report destination: stderr, or this process's own file (above),
 * opened at its first report; a forked child creates its own. O_APPEND,
 * so each report's single write lands whole at the end. */
static int out_fd(void) {
  const char *lp = sl_opt.log_path;
  if (lp == fd_marker)
    return log_fd;
  if (!log_to_file())
    return lp && !sl_strcmp(lp, "stdout") ? 1 : stderr_fd();
  int pid = sys_getpid();
  if (log_fd >= 0 && log_pid == pid)
    return log_fd;
  int fd = create_log_file(lp, pid);
  if (fd < 0) {
    /* ASan's lines (scripts grep for them), but ASan dies there: Sleuth
     * keeps the report, on stderr. */
    char msg[4200], head[9] = {0};
    sl_memcpy(head, lp, sl_strlen(lp) < 8 ? sl_strlen(lp) : 8);
    size_t n =
        fd == -ENAMETOOLONG && sl_strlen(lp) + 16 >= sizeof log_file
            ? sl_snprintf(msg, sizeof msg,
                          "==%d==ERROR: Path is too long: %s... (log_path, "
                          "%zu bytes); Sleuth writes its reports to stderr\n",
                          pid, head, sl_strlen(lp))
            : sl_snprintf(msg, sizeof msg,
                          "==%d==ERROR: Can't open file: %s (reason: %d); "
                          "Sleuth writes its reports to stderr\n",
                          pid, log_file, -fd);
    fd = stderr_fd();
    sys_write_all(fd, msg, n);
    log_file[0] = 0;
  }
  log_fd = fd;
  log_pid = pid;
  return fd;
}

/* Writes one report (or line) whole, or not at all where that can be
 * undone: into a file the runtime created (log_path's, the fallback), a
 * write the disk cut short is cut back off, so a JSON line is never half
 * there. A report that could not be written is said once on stderr, while
 * stderr is still the program's (the exit status is kept either way). */
static int write_failed_said;

static void emit(int fd, const char *buf, size_t n) {
  int ours = fd >= 0 && ((fd == log_fd && log_pid == sys_getpid()) ||
                         (fd == fallback_fd && fallback_pid == sys_getpid()));
  struct stat st;
  long before = ours && sys_call6(SYS_fstat, fd, (long)&st, 0, 0, 0, 0) == 0
                    ? (long)st.st_size
                    : -1;
  long r = sys_write_all(fd, buf, n);
  if (!r)
    return;
  if (before >= 0)
    sys_call6(SYS_ftruncate, fd, before, 0, 0, 0, 0);
  if (__atomic_exchange_n(&write_failed_said, 1, __ATOMIC_RELAXED) ||
      fd == 2 || !stderr_still_stderr())
    return;
  char msg[4400];
  size_t len = sl_snprintf(
      msg, sizeof msg,
      "==%d==ERROR: Sleuth: a report could not be written%s%s (errno %ld%s); "
      "it and later ones to the same place may be lost\n",
      sys_getpid(), fd == log_fd && log_file[0] ? " to " : "",
      fd == log_fd && log_file[0] ? log_file : "", -r,
      r == -ENOSPC ? ": no space left on device" : "");
  sys_write_all(2, msg, len);
}

/* __sanitizer_set_report_path / _fd: the same as log_path, set at run
 * time; the next report opens the new file. */
void report_set_path(const char *path) {
  size_t n = path ? sl_strlen(path) : 0;
  char *copy = ialloc(n + 1);
  if (!copy)
    return;
  if (n)
    sl_memcpy(copy, path, n);
  spin_lock(&report_lock);
  sl_opt.log_path = copy; /* the previous copy may be in use: kept */
  log_fd = -1;
  spin_unlock(&report_lock);
}

void report_set_fd(int fd) {
  spin_lock(&report_lock);
  if (fd == 1 || fd == 2) {
    sl_opt.log_path = fd == 1 ? "stdout" : "stderr";
  } else {
    /* A file of the caller's: out_fd() keeps it while the pid is ours. */
    sl_opt.log_path = fd_marker;
    log_fd = fd;
    log_pid = sys_getpid();
  }
  spin_unlock(&report_lock);
}

const char *report_path(void) {
  if (!log_to_file() || sl_opt.log_path == fd_marker)
    return 0;
  /* The file is made at the first report; asked before it, make it now,
   * so the name returned is the one reports will go to. No report_lock:
   * a death callback may ask while a report holds it (report_raw opens
   * the file without it too). */
  int fd = out_fd();
  return fd >= 0 && log_file[0] ? log_file : 0;
}

void report_write(const char *buf, size_t n) { emit(out_fd(), buf, n); }

void report_raw(const char *fmt, ...) {
  char buf[1024];
  sbuf_t b;
  sbuf_init(&b, buf, sizeof buf);
  sbuf_printf(&b, "==%d==", sys_getpid());
  va_list ap;
  va_start(ap, fmt);
  sbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  sbuf_putc(&b, '\n');
  emit(json_format() ? stderr_fd() : out_fd(), b.buf, b.len);
}

void report_heap_alert(unsigned long long inuse, unsigned long long threshold,
                       unsigned long long alert_mb, const char *dump) {
  char buf[4608];
  sbuf_t b;
  sbuf_init(&b, buf, sizeof buf);
  if (json_format()) {
    json_heap_alert(&b, inuse, threshold, alert_mb, dump);
  } else {
    sbuf_printf(&b,
                "==%d==WARNING: Sleuth: heap in use passed %llu MiB "
                "(heap_profile_alert_mb=%llu): %llu bytes; heap profile %s\n",
                sys_getpid(), threshold >> 20, alert_mb, inuse,
                dump ? dump : "not written");
  }
  /* Into the log itself, also with JSON: the alert is a record of the run. */
  emit(out_fd(), b.buf, b.len);
}

/* ---- building a report ---------------------------------------------- */

/* color=auto: only on a terminal, never into a log file or JSON. */
static int use_color(int fd) {
  if (json_format() || !sl_opt.color || !sl_strcmp(sl_opt.color, "never"))
    return 0;
  if (!sl_strcmp(sl_opt.color, "always"))
    return 1;
  return !log_to_file() && sys_isatty(fd);
}

/* Whether a hint should name ASAN_OPTIONS, the variable the options came
 * from when SLEUTH_OPTIONS is unset (options.c, options_env_name). */
static int options_named_asan(void) {
  return !sl_strcmp(options_env_name(), "ASAN_OPTIONS");
}

/* halt_on_error=0 reports each distinct error once: the same kind at the
 * same pc, called from the same place. The pc, as ASan's
 * suppress_equal_pcs, not the source position: one macro expanded many
 * times on one line, or inlined into many functions, is many errors
 * (keyed by position, sixty functions a macro made gave six reports).
 * And the caller, because one pc can serve many (a helper, a libc call
 * the interceptor checks): each call path into it is its own bug to fix,
 * as Valgrind tells errors apart by their stacks. No cap: SEEN_SITES keys,
 * and past them every error is reported. suppress_equal_pcs=0 (ASan's
 * switch) reports every occurrence. */
/* The caller counts by its source position where it has one: a loop the
 * compiler unrolled calls the same helper from several pcs of one line. */
static uptr position_key(uptr pc) {
  sl_frame_info fi[8];
  int n = symbolize_pc(pc - 1, fi, 8);
  if (n <= 0 || !fi[0].file || !fi[0].line)
    return pc;
  uint64_t h = 0xcbf29ce484222325ull;
  for (const char *c = fi[0].file; *c; c++)
    h = (h ^ (uint8_t)*c) * 0x100000001b3ull;
  h = (h ^ (uint64_t)fi[0].line) * 0x100000001b3ull;
  h = (h ^ (uint64_t)fi[0].column) * 0x100000001b3ull;
  return (uptr)h;
}

/* An error while this thread reports one (a signal handler's, or the
 * reporter's own): say so and stop, as ASan does; waiting would deadlock
 * on a lock the interrupted report holds. */
static SL_NOINLINE void nested_error(void) {
  static const char msg[] = "==Sleuth: nested bug in the same thread, "
                            "aborting\n";
  sys_write_all(2, msg, sizeof msg - 1);
  sys_exit_group((int)sl_opt.exitcode);
}

static uptr site_caller_key(uptr site, const uptr *pcs, int n) {
  for (int i = 0; i + 1 < n && i < 3; i++)
    if (pcs[i] == site)
      return position_key(pcs[i + 1]);
  return n > 1 ? position_key(pcs[1]) : 0;
}

/* Before anything that symbolizes ahead of begin(): an error raised while
 * this thread is in a report (begin to finish) or in site_caller would
 * wait for the symbolizer's lock the interrupted code holds. */
static void stop_if_nested(void) {
  if (thread_current()->keying_report_site ||
      __atomic_load_n(&reporting_tid, __ATOMIC_RELAXED) == sys_gettid())
    nested_error();
}

static uptr site_caller(uptr site, const uptr *pcs, int n) {
  if (sl_opt.halt_on_error || !sl_opt.suppress_equal_pcs)
    return 0; /* no deduplication: not worth a symbolization */
  stop_if_nested();
  sl_thread *t = thread_current();
  t->keying_report_site = 1;
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  uptr key = site_caller_key(site, pcs, n);
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  t->keying_report_site = 0;
  return key;
}

/* Suppressions (suppressions.c): a report whose stack matches a rule of
 * its kind prints nothing and does not count toward the exit status; it is
 * counted for the `suppressed:` line at exit. Stacks found suppressed are
 * remembered (by a hash of their pcs), so a loop does not re-symbolize. */
#define SUPPRESSED_CACHE 256
static uptr suppressed_cache[SUPPRESSED_CACHE];

static int suppressed(const char *kind, const uptr *pcs, int n, int exact) {
  if (SL_LIKELY(!suppressions_active()))
    return 0;
  uint64_t h = 0xcbf29ce484222325ull ^ (uptr)kind;
  for (int i = 0; i < n; i++)
    h = (h ^ pcs[i]) * 0x100000001b3ull;
  uptr key = (uptr)(h | 1);
  size_t slot = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 56);
  if (__atomic_load_n(&suppressed_cache[slot], __ATOMIC_RELAXED) != key) {
    stop_if_nested();
    if (!suppressions_match(kind, pcs, n, exact))
      return 0;
    __atomic_store_n(&suppressed_cache[slot], key, __ATOMIC_RELAXED);
  }
  suppressions_count_error();
  return 1;
}

/* ASan's interceptor_* rules, for the reports of libc interceptors. */
static int interceptor_suppressed(const char *func, const uptr *pcs, int n) {
  if (SL_LIKELY(!suppressions_active()))
    return 0;
  stop_if_nested();
  if (!suppressions_interceptor_report(func, pcs, n))
    return 0;
  suppressions_count_error();
  return 1;
}

static int suppressed_id(const char *kind, uint32_t stack) {
  if (SL_LIKELY(!suppressions_active()))
    return 0;
  uptr pcs[SCREEN_FRAMES];
  int n = depot_get(stack, pcs, SCREEN_FRAMES);
  return suppressed(kind, pcs, n, 0);
}

/* Takes the report lock and starts the model with the headline's kind;
 * returns 0 (and holds nothing) if halt_on_error=0 has seen the error:
 * kind, site (its pc; 0: always reported) and caller (site_caller). */
static int begin(report_model *m, const char *kind, uptr site, uptr caller) {
  int tid = sys_gettid();
  if (__atomic_load_n(&reporting_tid, __ATOMIC_RELAXED) == tid)
    nested_error();
  spin_lock(&report_lock);
  reporting_tid = tid;
  if (!sl_opt.halt_on_error && sl_opt.suppress_equal_pcs && site) {
    uint64_t h = ((uint64_t)site * 0x9e3779b97f4a7c15ull) ^ (uptr)kind;
    uptr key = (uptr)((h ^ (h >> 29) ^ caller) * 0xbf58476d1ce4e5b9ull) | 1;
    size_t i = (key * 0x9e3779b97f4a7c15ull) >> 54;
    for (size_t k = 0; k < SEEN_SITES; k++, i = (i + 1) % SEEN_SITES) {
      if (seen[i] == key) {
        reporting_tid = 0;
        spin_unlock(&report_lock);
        return 0;
      }
      if (!seen[i]) {
        seen[i] = key;
        break;
      }
    }
  }
  sl_memset(m, 0, sizeof *m);
  /* 2 KiB that the report lock guards, not the reporting thread's stack
   * (a thread of PTHREAD_STACK_MIN reports too). */
  static uptr model_pcs[MAX_FRAMES];
  m->pcs = model_pcs;
  m->kind = kind;
  m->tid = thread_current()->tid;
  sbuf_init_grow(&m->message, 256);
  sbuf_init_grow(&m->details, 256);
  sbuf_init_grow(&m->location, 256);
  sbuf_init_grow(&m->landed, 128);
  sbuf_init_grow(&m->second, 128);
  sbuf_init_grow(&m->summary_note, 64);
  sbuf_puts(&m->message, kind);
  report_hooks_begin(kind);
  return 1;
}

/* Names thread tid and, as ASan does, its creator, its creator's creator
 * and so on up to T0: each gets a "created by" stack. Records of exited
 * threads stay in the table, so the chain survives its threads. */
static void note_thread(report_model *m, uint32_t tid) {
  for (int hops = 0; tid != 0 && hops < MODEL_MAX_THREADS; hops++) {
    for (int i = 0; i < m->nthreads; i++)
      if (m->threads[i] == tid)
        return;
    if (m->nthreads >= MODEL_MAX_THREADS)
      return;
    m->threads[m->nthreads++] = tid;
    sl_thread *t = thread_by_tid(tid);
    if (!t || t->parent_tid >= tid) /* ids grow: a loop is a bad record */
      return;
    tid = t->parent_tid;
  }
}

static void set_stack(report_model *m, const uptr *pcs, int n, int exact) {
  if (n > DEPOT_MAX_FRAMES)
    n = DEPOT_MAX_FRAMES;
  sl_memcpy(m->pcs, pcs, (size_t)n * sizeof(uptr));
  m->npcs = n;
  m->first_exact = exact;
}

static void set_stack_id(report_model *m, uint32_t id) {
  m->npcs = depot_get(id, m->pcs, DEPOT_MAX_FRAMES);
}

/* print_scariness=1: ASan's fixed score of a kind of error that is not an
 * access (those score by size and shadow: scariness_access). */
static void scare(report_model *m, int points, const char *reason) {
  if (sl_opt.print_scariness)
    scariness_add(&m->scariness, points, reason);
}

/* The frame a SUMMARY names: the first one outside the allocator entry. */
static uptr summary_pc_of(uint32_t stack) {
  uptr pcs[2];
  int n = depot_get(stack, pcs, 2);
  return n > 1 ? pcs[1] : n == 1 ? pcs[0] : 0;
}

/* Renders the report in the log_format, writes it with one write, and
 * stops the process or releases the lock. */
/* sleep_before_dying=N: time to attach a debugger to the reported process
 * (the report lock stays held, so other threads' errors wait). */
static void sleep_before_dying(int fd) {
  long secs = (long)sl_opt.sleep_before_dying;
  if (secs <= 0)
    return;
  char line[64];
  sbuf_t b;
  sbuf_init(&b, line, sizeof line);
  sbuf_printf(&b, "==%d==Sleeping for %ld second(s)\n", sys_getpid(), secs);
  sys_write_all(fd, b.buf, b.len);
  sys_sleep_seconds(secs);
}

/* abort_on_error=1: die by SIGABRT, as ASan, so a core dump or a parent
 * waiting for a signal sees one. The default action is put back first: with
 * handle_abort=1 Sleuth's own handler would report the abort again. */
int signals_real_sigaction(int sig, const struct sigaction *act,
                           struct sigaction *old);

static void abort_if_asked(void) {
  if (!sl_opt.abort_on_error)
    return;
  struct sigaction dfl;
  sl_memset(&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  signals_real_sigaction(SIGABRT, &dfl, 0);
  unsigned long unblock = 1UL << (SIGABRT - 1);
  sys_call6(SYS_rt_sigprocmask, SIG_UNBLOCK, (long)&unblock, 0, 8, 0, 0);
  sys_tgkill(sys_getpid(), sys_gettid(), SIGABRT);
}

/* print_cmdline=1: the program's arguments as it was started (what it has
 * written into its argv strings since shows too, as in ASan), so a log
 * says how to reproduce the run. */
static void add_command(report_model *m, sbuf_t *cmd) {
  if (!sl_opt.print_cmdline || !sl_initial_argv || !sbuf_init_grow(cmd, 256))
    return;
  for (char **a = sl_initial_argv; *a; a++)
    sbuf_printf(cmd, "%s%s", a == sl_initial_argv ? "" : " ", *a);
  m->command = cmd->buf;
}

static void finish(report_model *m, int fatal) {
  static char fallback[64 << 10]; /* when the internal heap is exhausted */
  sbuf_t cmd = {0};
  add_command(m, &cmd);
  report_hooks_on_error();
  __atomic_fetch_add(&error_count, 1, __ATOMIC_RELAXED);
  int fd = out_fd();
  int stop = fatal || sl_opt.halt_on_error;
  sbuf_t b;
  if (!sbuf_init_grow(&b, 16 << 10))
    sbuf_init(&b, fallback, sizeof fallback);
  if (json_format()) {
    json_render(&b, m);
  } else {
    text_render(&b, m, use_color(fd));
    if (stop)
      sbuf_printf(&b, "==%d==ABORTING\n", sys_getpid());
  }
  emit(fd, b.buf, b.len);
  report_hooks_written(b.buf, b.len);
  if (sl_opt.print_stats) /* as ASan: statistics after each report */
    stats_print();
  if (stop)
    report_hooks_death();
  reporting_tid = 0;
  if (stop) {
    sleep_before_dying(fd);
    abort_if_asked();
    sys_exit_group((int)sl_opt.exitcode);
  }
  sbuf_free(&b);
  if (m->command)
    sbuf_free(&cmd);
  sbuf_free(&m->message);
  sbuf_free(&m->details);
  sbuf_free(&m->location);
  sbuf_free(&m->landed);
  sbuf_free(&m->second);
  sbuf_free(&m->summary_note);
  spin_unlock(&report_lock);
}

/* ---- describing addresses -------------------------------------------- */

static const char *alloc_type_name(int t) {
  return t == AT_NEW         ? "operator new"
         : t == AT_NEW_ARRAY ? "operator new []"
                             : "malloc";
}
static const char *dealloc_type_name(int t) {
  return t == AT_NEW         ? "operator delete"
         : t == AT_NEW_ARRAY ? "operator delete []"
                             : "free";
}

/* "ADDR is located N bytes after K-byte region [beg,end)" into b. */
static void describe_chunk_text(sbuf_t *b, uptr addr, const chunk_info *ci) {
  uptr end = ci->user_beg + ci->size;
  sbuf_printf(b, "%p is located ", (void *)addr);
  if (addr < ci->user_beg)
    sbuf_printf(b, "%lu bytes before", (unsigned long)(ci->user_beg - addr));
  else if (addr >= end)
    sbuf_printf(b, "%lu bytes after", (unsigned long)(addr - end));
  else
    sbuf_printf(b, "%lu bytes inside of", (unsigned long)(addr - ci->user_beg));
  sbuf_printf(b, " %lu-byte region [%p,%p)", (unsigned long)ci->size,
              (void *)ci->user_beg, (void *)end);
}

static void describe_chunk(report_model *m, uptr addr, const chunk_info *ci) {
  describe_chunk_text(&m->location, addr, ci);
  m->has_alloc = 1;
  m->alloc_stack = ci->alloc_stack;
  m->alloc_tid = ci->alloc_tid;
  if (ci->state != CHUNK_ALLOCATED) {
    m->has_free = 1;
    m->free_stack = ci->free_stack;
    m->free_tid = ci->free_tid;
    note_thread(m, ci->free_tid);
  }
  note_thread(m, ci->alloc_tid);
}

static void describe_address(report_model *m, uptr addr) {
  sbuf_t *b = &m->location;
  chunk_info ci;
  if (pools_describe(addr, &ci)) { /* pool blocks sit inside heap blocks */
    describe_chunk(m, addr, &ci);
    return;
  }
  if (allocator_describe(addr, &ci)) {
    describe_chunk(m, addr, &ci);
    return;
  }
  sl_thread *t = thread_current();
  if (stack_describe(b, addr, m->access_addr, m->access_size, t->stack_lo,
                     t->stack_hi, t->tid))
    return;
  if (t->stack_hi && addr >= t->stack_lo && addr < t->stack_hi) {
    sbuf_printf(b, "Address %p is located in stack of thread T%u", (void *)addr,
                t->tid);
    return;
  }
  if (globals_describe(b, addr))
    return;
  const char *mod;
  uptr bias;
  if (module_for_pc(addr, &mod, &bias)) {
    sbuf_printf(b, "Address %p is located in the data of module %s",
                (void *)addr, mod);
    return;
  }
  sbuf_printf(b, "Address %p is a wild pointer.", (void *)addr);
}

static uptr shared_frames[DEPOT_MAX_FRAMES];
static int shared_frames_busy;

const uptr *report_stack_frames(uint32_t id, uptr *few, int nfew, int *n) {
  if (!__atomic_exchange_n(&shared_frames_busy, 1, __ATOMIC_ACQUIRE)) {
    *n = depot_get(id, shared_frames, DEPOT_MAX_FRAMES);
    return shared_frames;
  }
  *n = depot_get(id, few, nfew);
  return few;
}

void report_stack_frames_done(const uptr *frames) {
  if (frames == shared_frames)
    __atomic_store_n(&shared_frames_busy, 0, __ATOMIC_RELEASE);
}

/* ---- ASan's interface: describing, stacks, summaries ------------------ */

static void stack_section(sbuf_t *b, const char *what, unsigned tid,
                          uint32_t id) {
  uptr few[32];
  int n;
  const uptr *pcs = report_stack_frames(id, few, 32, &n);
  sbuf_printf(b, "%s by thread T%u here:\n", what, tid);
  if (n)
    print_stack(b, pcs, n, 0);
  else
    sbuf_puts(b, "    <empty stack>\n");
  report_stack_frames_done(pcs);
}

void report_describe(uptr addr) {
  report_model m;
  sl_memset(&m, 0, sizeof m);
  if (!sbuf_init_grow(&m.location, 256))
    return;
  sbuf_t b;
  if (!sbuf_init_grow(&b, 4096)) {
    sbuf_free(&m.location);
    return;
  }
  describe_address(&m, addr);
  size_t len = report_trimmed_len(&m.location);
  for (size_t i = 0; i < len; i++)
    sbuf_putc(&b, m.location.buf[i]);
  sbuf_putc(&b, '\n');
  if (m.has_free)
    stack_section(&b, "freed", m.free_tid, m.free_stack);
  if (m.has_alloc)
    stack_section(&b, m.has_free ? "previously allocated" : "allocated",
                  m.alloc_tid, m.alloc_stack);
  report_write(b.buf, b.len);
  sbuf_free(&b);
  sbuf_free(&m.location);
}

void report_stack_here(const uptr *pcs, int n) {
  sbuf_t b;
  if (!sbuf_init_grow(&b, 4096))
    return;
  print_stack(&b, pcs, n, 0);
  report_write(b.buf, b.len);
  sbuf_free(&b);
}

/* ---- access errors --------------------------------------------------- */

static const char *kind_of_shadow(uptr bad) {
  int8_t s = *(int8_t *)MEM_TO_SHADOW(bad);
  if (s > 0 && s < 8)
    s = *(int8_t *)MEM_TO_SHADOW(bad + 8);
  switch ((uint8_t)s) {
  case SH_HEAP_REDZONE:
    return "heap-buffer-overflow";
  case SH_FREED:
    return "heap-use-after-free";
  case SH_STACK_LEFT:
    return "stack-buffer-underflow";
  case SH_STACK_MID:
  case SH_STACK_RIGHT:
    return "stack-buffer-overflow";
  case SH_STACK_AFTER_RETURN:
    return "stack-use-after-return";
  case SH_STACK_AFTER_SCOPE:
    return "stack-use-after-scope";
  case SH_GLOBAL_REDZONE:
    return "global-buffer-overflow";
  case SH_ALLOCA_LEFT:
  case SH_ALLOCA_RIGHT:
    return "dynamic-stack-buffer-overflow";
  case SH_POOL_REDZONE: /* a pool block's redzone (pools.c) */
  case SH_ARRAY_COOKIE: /* new T[n]'s count, inside the block */
    return "heap-buffer-overflow";
  case SH_USER_POISONED:
    return "use-after-poison";
  case SH_INIT_ORDER:
    return "initialization-order-fiasco";
  case SH_CONTAINER_OVERFLOW: /* container_annotations.c */
    return "container-overflow";
  default:
    return "unknown-crash";
  }
}

/* The error stack: DWARF unwinding from the faulting frame (handles frames
 * without frame pointers), falling back to the frame-pointer chain. */
static int error_stack(uptr *pcs, int max, uptr pc, uptr bp) {
  int n = unwind_slow(pcs, max, pc);
  if (n > 0)
    return n;
  pcs[0] = pc;
  return 1 + unwind_fast(pcs + 1, max - 1, bp);
}

/* begin() for an error whose stack starts at pc/bp and whose site (the
 * program's call or access) is site: 0 when a suppression matches the
 * kind or, for an interceptor's error, func (NULL: any interceptor). */
static int begin_at(report_model *m, const char *kind, const char *func,
                    uptr pc, uptr bp, uptr site) {
  uptr pcs[SCREEN_FRAMES];
  int n = error_stack(pcs, SCREEN_FRAMES, pc, bp);
  if (suppressed(kind, pcs, n, 0) || interceptor_suppressed(func, pcs, n))
    return 0;
  return begin(m, kind, site, site_caller(site, pcs, n));
}

/* What decides whether to report (suppressions, the halt_on_error=0 site)
 * looks at the innermost SCREEN_FRAMES, unwound onto the reporting
 * thread's stack, which may be PTHREAD_STACK_MIN small; once the report
 * lock is held the stack is unwound again in full (MAX_FRAMES, ASan's
 * depth for a fatal error) into the model's buffer, which the lock
 * guards. */
static void set_error_stack(report_model *m, uptr pc, uptr bp, int exact) {
  m->npcs = error_stack(m->pcs, MAX_FRAMES, pc, bp);
  m->first_exact = exact;
}

/* The live heap block base points into, when addr (the first bad byte)
 * lies in a freed block and outside that live one: the access overflowed
 * the live block into its freed neighbour. */
static int overflowed_into_freed(uptr base, uptr addr, chunk_info *live,
                                 chunk_info *freed) {
  if (!base || !shadow_is_app_mem(base) ||
      *(uint8_t *)MEM_TO_SHADOW(addr) != SH_FREED)
    return 0;
  if (!allocator_describe(base, live) || live->state != CHUNK_ALLOCATED ||
      base < live->user_beg || base > live->user_beg + live->size)
    return 0;
  if (addr >= live->user_beg && addr < live->user_beg + live->size)
    return 0;
  return allocator_describe(addr, freed) && freed->state != CHUNK_ALLOCATED &&
         addr >= freed->user_beg && addr < freed->user_beg + freed->size;
}

static void report_access_impl(uptr addr, uptr size, int is_write, uptr pc,
                               uptr bp, uptr sp, uptr site, uptr base,
                               int pc_exact);

void report_access(uptr addr, uptr size, int is_write, uptr pc, uptr bp,
                   uptr sp) {
  report_access_impl(addr, size, is_write, pc, bp, sp, pc, 0, 0);
}

void report_access_from(uptr addr, uptr size, int is_write, uptr pc, uptr bp,
                        uptr sp, uptr base) {
  report_access_impl(addr, size, is_write, pc, bp, sp, pc, base, 0);
}

void report_access_site(uptr addr, uptr size, int is_write, uptr pc, uptr bp,
                        uptr sp, uptr site) {
  report_access_impl(addr, size, is_write, pc, bp, sp, site, 0, 0);
}

void report_access_fault(uptr addr, uptr size, int is_write, uptr pc, uptr bp,
                         uptr sp) {
  report_access_impl(addr, size, is_write, pc, bp, sp, pc, 0, 1);
}

static void report_access_impl(uptr addr, uptr size, int is_write, uptr pc,
                               uptr bp, uptr sp, uptr site, uptr base,
                               int pc_exact) {
  uptr bad = shadow_is_app_mem(addr) ? shadow_first_poisoned(addr, size) : 0;
  if (!bad)
    bad = addr;
  const char *kind =
      shadow_is_app_mem(bad) ? kind_of_shadow(bad) : "unknown-crash";
  chunk_info live, freed;
  int landed = overflowed_into_freed(base, bad, &live, &freed);
  if (landed)
    kind = "heap-buffer-overflow";
  /* Range checks (mem intrinsics, hoisted loop checks) name the first bad
   * byte, as ASan's interceptors do; a single access names its start. */
  uptr shown = size > 16 ? bad : addr;
  report_model m;
  if (!begin_at(&m, kind, 0, pc, bp, site))
    return;
  sbuf_printf(&m.message, " on address %p at pc %p bp %p sp %p", (void *)shown,
              (void *)pc, (void *)bp, (void *)sp);
  m.access_type = is_write ? "WRITE" : "READ";
  m.access_size = size;
  m.access_addr = shown;
  m.access_line = 1;
  if (sl_opt.print_scariness)
    scariness_access(&m.scariness, kind, shown, size, is_write);
  report_hooks_access(pc, bp, sp, shown, is_write, size);
  if (kind[0] == 'c' && !sl_strcmp(kind, "container-overflow"))
    m.hint = options_named_asan()
                 ? "==HINT: if you don't care about these errors you may set "
                   "ASAN_OPTIONS=detect_container_overflow=0 (needed where "
                   "uninstrumented code changes the same containers; see "
                   "docs/asan-compat.md)"
                 : "==HINT: if you don't care about these errors you may set "
                   "SLEUTH_OPTIONS=detect_container_overflow=0 (needed where "
                   "uninstrumented code changes the same containers; see "
                   "docs/asan-compat.md)";
  note_thread(&m, m.tid);
  set_error_stack(&m, pc, bp, pc_exact);
  if (landed) {
    describe_chunk(&m, bad, &live);
    sbuf_puts(&m.location, ", in a freed block");
    /* The freed block it landed in, with its own stacks. */
    describe_chunk_text(&m.landed, bad, &freed);
    m.has_landed = 1;
    m.landed_alloc_stack = freed.alloc_stack;
    m.landed_alloc_tid = freed.alloc_tid;
    m.landed_free_stack = freed.free_stack;
    m.landed_free_tid = freed.free_tid;
    note_thread(&m, freed.alloc_tid);
    note_thread(&m, freed.free_tid);
  } else {
    describe_address(&m, bad);
  }
  m.shadow_addr = bad;
  m.summary_pc = pc;
  m.summary_exact = pc_exact;
  finish(&m, 0);
}

/* A fault on a guard page or a freed guarded slot (guarded.c): the kind
 * comes from the slot, not the shadow (profile-only mode has none). */
void report_guard_fault(uptr addr, uptr size, int is_write, uptr pc, uptr bp,
                        uptr sp, const char *kind, const chunk_info *ci) {
  report_model m;
  if (!begin_at(&m, kind, 0, pc, bp, pc))
    return;
  sbuf_printf(&m.message, " on address %p at pc %p bp %p sp %p", (void *)addr,
              (void *)pc, (void *)bp, (void *)sp);
  m.access_type = is_write ? "WRITE" : "READ";
  m.access_size = size;
  m.access_addr = addr;
  m.access_line = 1;
  if (sl_opt.print_scariness)
    scariness_access(&m.scariness, kind, addr, size, is_write);
  report_hooks_access(pc, bp, sp, addr, is_write, size);
  sbuf_puts(&m.details, "detected by a guard page (guard_pages sampling)\n");
  note_thread(&m, m.tid);
  set_error_stack(&m, pc, bp, 1); /* pcs[0] is the faulting instruction */
  describe_chunk(&m, addr, ci);
  m.summary_pc = pc;
  m.summary_exact = 1;
  finish(&m, 0);
}

void report_negative_size(uptr addr, uptr size, uptr pc, uptr bp,
                          uptr site) {
  const char *kind = "negative-size-param";
  report_model m;
  if (!begin_at(&m, kind, 0, pc, bp, site))
    return;
  sbuf_printf(&m.message, ": (size=%ld)", (long)size);
  scare(&m, 10, kind);
  set_error_stack(&m, pc, bp, 0);
  describe_address(&m, addr);
  m.summary_pc = pc;
  finish(&m, 0);
}

void report_param_overlap(const char *func, uptr a, size_t an, uptr b2,
                          size_t bn, uptr pc, uptr bp, uptr site) {
  char kind[64];
  sl_snprintf(kind, sizeof kind, "%s-param-overlap", func);
  report_model m;
  if (!begin_at(&m, kind, func, pc, bp, site))
    return;
  sbuf_printf(&m.message, ": memory ranges [%p,%p) and [%p, %p) overlap",
              (void *)a, (void *)(a + an), (void *)b2, (void *)(b2 + bn));
  scare(&m, 10, kind);
  set_error_stack(&m, pc, bp, 0);
  m.summary_pc = pc;
  finish(&m, 0);
}

/* ---- pointer pairs (-fsanitize=pointer-compare / pointer-subtract) ---- */

/* The object addr points into: a live heap block (or pool block), a stack
 * variable of this thread or a global, [*beg, *end): 1. Memory next to
 * such objects that is none (a redzone, a freed block, a frame's padding):
 * -1. Memory Sleuth knows nothing of: 0. */
static int object_of(uptr addr, uptr *beg, uptr *end) {
  chunk_info ci;
  if (pools_describe(addr, &ci) || allocator_describe(addr, &ci)) {
    if (ci.state != CHUNK_ALLOCATED || addr < ci.user_beg ||
        addr - ci.user_beg >= ci.size)
      return -1;
    *beg = ci.user_beg;
    *end = ci.user_beg + ci.size;
    return 1;
  }
  uptr vb, vs;
  sl_thread *t = thread_current();
  if (stack_locate(addr, t->stack_lo, t->stack_hi, 0, 0, &vb, &vs)) {
    if (!vs || addr < vb || addr - vb >= vs)
      return -1;
    *beg = vb;
    *end = vb + vs;
    return 1;
  }
  const char *name, *loc;
  if (globals_find(addr, &vb, &vs, &name, &loc)) {
    if (addr < vb || addr - vb >= vs)
      return -1;
    *beg = vb;
    *end = vb + vs;
    return 1;
  }
  /* The guard in front of a global, which globals_find leaves out (a
   * report names the global after it): a redzone too. */
  if (shadow_is_app_mem(addr) &&
      *(const uint8_t *)MEM_TO_SHADOW(addr) == SH_GLOBAL_REDZONE)
    return -1;
  return 0;
}

/* Two pointers may be compared or subtracted when both point into one
 * object, the one past its end included: the lower one's object holds the
 * byte before the higher one. A pointer into a freed block or a redzone
 * pairs with nothing; two pointers into memory Sleuth does not know pass. */
static int pair_is_invalid(uptr a1, uptr a2) {
  uptr left = a1 < a2 ? a1 : a2, right = a1 < a2 ? a2 : a1;
  uptr beg, end;
  if (left == right)
    return 0;
  int k = object_of(left, &beg, &end);
  if (k > 0)
    return right - 1 >= end;
  if (k < 0)
    return 1;
  return object_of(right - 1, &beg, &end) != 0;
}

/* describe_address fills the model's first description: the second
 * address's is made there and moved to m->second. */
static void describe_second(report_model *m, uptr addr) {
  sbuf_t first = m->location;
  int has_alloc = m->has_alloc, has_free = m->has_free;
  uint32_t alloc_stack = m->alloc_stack, free_stack = m->free_stack;
  unsigned alloc_tid = m->alloc_tid, free_tid = m->free_tid;
  m->location = m->second; /* begin's empty buffer */
  m->has_alloc = m->has_free = 0;
  describe_address(m, addr);
  m->second = m->location;
  m->has_second = 1;
  m->second_has_alloc = m->has_alloc;
  m->second_has_free = m->has_free;
  m->second_alloc_stack = m->alloc_stack;
  m->second_free_stack = m->free_stack;
  m->second_alloc_tid = m->alloc_tid;
  m->second_free_tid = m->free_tid;
  m->location = first;
  m->has_alloc = has_alloc;
  m->has_free = has_free;
  m->alloc_stack = alloc_stack;
  m->free_stack = free_stack;
  m->alloc_tid = alloc_tid;
  m->free_tid = free_tid;
}

void report_invalid_pointer_pair(uptr a1, uptr a2, uptr pc, uptr bp) {
  static const char kind[] = "invalid-pointer-pair";
  if (!pair_is_invalid(a1, a2))
    return;
  /* begin_at's screening but for the interceptor rules: the comparison is
   * the program's own code, never an interceptor's, so interceptor_name
   * and interceptor_via_lib do not apply (the latter would match its
   * module). */
  uptr pcs[SCREEN_FRAMES];
  int n = error_stack(pcs, SCREEN_FRAMES, pc, bp);
  if (suppressed(kind, pcs, n, 0))
    return;
  report_model m;
  if (!begin(&m, kind, pc, site_caller(pc, pcs, n)))
    return;
  sbuf_printf(&m.message, ": %p %p", (void *)a1, (void *)a2);
  note_thread(&m, m.tid);
  set_error_stack(&m, pc, bp, 0);
  describe_address(&m, a1);
  describe_second(&m, a2);
  m.summary_pc = pc;
  finish(&m, 0);
}

/* ---- ODR violations --------------------------------------------------- */

static void odr_line(sbuf_t *b, int n, const odr_definition *d) {
  const char *mod;
  uptr bias;
  sbuf_printf(b, "  [%d] size=%lu '%s' %s", n, (unsigned long)d->size,
              d->name ? d->name : "?", d->location ? d->location : "?");
  if (module_for_pc(d->addr, &mod, &bias))
    sbuf_printf(b, " in %s", mod);
  sbuf_putc(b, '\n');
}

static void odr_stack(sbuf_t *b, int n, uint32_t id) {
  uptr few[32];
  int k;
  sbuf_printf(b, "  [%d]:\n", n);
  const uptr *pcs = report_stack_frames(id, few, 32, &k);
  if (k)
    print_stack(b, pcs, k, 0);
  else
    sbuf_puts(b, "    <empty stack>\n");
  report_stack_frames_done(pcs);
}

void report_odr_violation(const odr_definition *used,
                          const odr_definition *unused) {
  static const char kind[] = "odr-violation";
  /* ASan's odr_violation:PATTERN names the global; a rule of the kind
   * names frames of the registration stack. */
  if ((used->name && suppressions_odr_violation(used->name)) ||
      suppressed_id(kind, unused->stack))
    return;
  report_model m;
  if (!begin(&m, kind, 0, 0))
    return;
  sbuf_printf(&m.message, " (%p):", (void *)used->addr);
  odr_line(&m.details, 1, used);
  odr_line(&m.details, 2, unused);
  sbuf_puts(&m.details, "  (one symbol defined twice: the program uses [1], "
                        "[2] is never used)\n");
  /* The text shows both registrations below instead; JSON's stack is the
   * unused definition's. */
  set_stack_id(&m, unused->stack);
  m.no_error_stack = 1;
  sbuf_puts(&m.location, "These globals were registered at these points:\n");
  odr_stack(&m.location, 1, used->stack);
  sbuf_putc(&m.location, '\n');
  odr_stack(&m.location, 2, unused->stack);
  sbuf_printf(&m.summary_note, "global '%s' at %s",
              used->name ? used->name : "?",
              used->location ? used->location : "?");
  m.hint = options_named_asan()
               ? "==HINT: if you don't care about these errors you may set "
                 "ASAN_OPTIONS=detect_odr_violation=0"
               : "==HINT: if you don't care about these errors you may set "
                 "SLEUTH_OPTIONS=detect_odr_violation=0";
  finish(&m, 0);
}

/* ---- allocator errors ------------------------------------------------ */

/* Starts a report about an allocator call whose stack is `stack`; returns
 * 0 if it is suppressed or already reported. */
static int begin_allocator_error(report_model *m, const char *kind,
                                 uint32_t stack) {
  uptr pcs[3];
  int n = depot_get(stack, pcs, 3);
  uptr site = n > 1 ? pcs[1] : n ? pcs[0] : 0; /* below the allocator */
  if (suppressed_id(kind, stack) ||
      !begin(m, kind, site, site_caller(site, pcs, n)))
    return 0;
  set_stack_id(m, stack);
  m->summary_pc = summary_pc_of(stack);
  return 1;
}

void report_bad_free(uptr addr, uint32_t stack) {
  report_model m;
  if (!begin_allocator_error(&m, "bad-free", stack))
    return;
  sbuf_printf(&m.message,
              ": attempting free on address which was not malloc()-ed: %p "
              "in thread T%u",
              (void *)addr, m.tid);
  scare(&m, 40, "bad-free");
  describe_address(&m, addr);
  finish(&m, 0);
}

/* ---- interface calls with arguments they cannot use ----------------- */

/* ASan's bad-<function> errors: headline, the call's stack, and what the
 * address is. They obey halt_on_error, as ASan's do; the caller then goes
 * on without using the arguments. */
void report_get_allocated_size_not_owned(uptr addr, uint32_t stack) {
  report_model m;
  if (!begin_allocator_error(&m, "bad-__sanitizer_get_allocated_size", stack))
    return;
  sbuf_printf(&m.message,
              ": attempting to call __sanitizer_get_allocated_size() for "
              "pointer which is not owned: %p",
              (void *)addr);
  scare(&m, 10, "bad-__sanitizer_get_allocated_size");
  describe_address(&m, addr);
  finish(&m, 0);
}

/* ASan's layout: one line per argument under the headline, then what is
 * wrong with the alignment (the only rule a glance at the pointers does
 * not show). */
void report_bad_container_params(uptr beg, uptr end, uptr old_mid,
                                 uptr new_mid, uint32_t stack) {
  report_model m;
  static const char kind[] = "bad-__sanitizer_annotate_contiguous_container";
  if (!begin_allocator_error(&m, kind, stack))
    return;
  sbuf_printf(&m.message,
              ": bad parameters to __sanitizer_annotate_contiguous_container:"
              "\n      beg     : %p\n      end     : %p\n      old_mid : %p"
              "\n      new_mid : %p",
              (void *)beg, (void *)end, (void *)old_mid, (void *)new_mid);
  if (beg & (SHADOW_GRANULE - 1)) {
    m.details_pid = 1;
    sbuf_printf(&m.details, "ERROR: beg is not aligned by %d\n",
                (int)SHADOW_GRANULE);
  }
  scare(&m, 10, kind);
  finish(&m, 0);
}

void report_bad_double_ended_container_params(uptr storage_beg,
                                              uptr storage_end, uptr old_beg,
                                              uptr old_end, uptr new_beg,
                                              uptr new_end, uint32_t stack) {
  report_model m;
  static const char kind[] =
      "bad-__sanitizer_annotate_double_ended_contiguous_container";
  if (!begin_allocator_error(&m, kind, stack))
    return;
  sbuf_printf(&m.message,
              ": bad parameters to "
              "__sanitizer_annotate_double_ended_contiguous_container:\n"
              "      storage_beg        : %p\n      storage_end        : %p\n"
              "      old_container_beg  : %p\n      old_container_end  : %p\n"
              "      new_container_beg  : %p\n      new_container_end  : %p",
              (void *)storage_beg, (void *)storage_end, (void *)old_beg,
              (void *)old_end, (void *)new_beg, (void *)new_end);
  scare(&m, 10, kind);
  finish(&m, 0);
}

void report_double_free(uptr addr, uint32_t stack) {
  report_model m;
  if (!begin_allocator_error(&m, "double-free", stack))
    return;
  sbuf_printf(&m.message,
              ": attempting double-free on %p in thread T%u:", (void *)addr,
              m.tid);
  scare(&m, 42, "double-free");
  report_hooks_address(addr);
  chunk_info ci;
  if (pools_describe(addr, &ci) ||
      (allocator_describe(addr, &ci) && ci.state != CHUNK_AVAILABLE))
    describe_chunk(&m, addr, &ci);
  else
    sbuf_printf(&m.location,
                "%p was freed long ago; its block has been "
                "reused or recycled (raise quarantine_size_mb "
                "for its stacks).",
                (void *)addr);
  finish(&m, 0);
}

/* A block being freed the wrong way: where it came from. */
static void describe_freed_block(report_model *m, uptr addr) {
  chunk_info ci;
  if (allocator_describe(addr, &ci)) {
    ci.state = CHUNK_ALLOCATED;
    describe_chunk(m, addr, &ci);
  }
}

void report_alloc_dealloc_mismatch(uptr addr, int alloc_type, int dealloc_type,
                                   uint32_t stack) {
  report_model m;
  if (!begin_allocator_error(&m, "alloc-dealloc-mismatch", stack))
    return;
  sbuf_printf(&m.message, " (%s vs %s) on %p", alloc_type_name(alloc_type),
              dealloc_type_name(dealloc_type), (void *)addr);
  scare(&m, 10, "alloc-dealloc-mismatch");
  describe_freed_block(&m, addr);
  m.hint = options_named_asan()
               ? "==HINT: if you do not care about these errors you may set "
                 "ASAN_OPTIONS=alloc_dealloc_mismatch=0"
               : "==HINT: if you do not care about these errors you may set "
                 "SLEUTH_OPTIONS=alloc_dealloc_mismatch=0";
  finish(&m, 0);
}

/* Sized or aligned delete that disagrees with the new: what is "size" or
 * "alignment", in bytes. */
/* Sized or aligned delete disagreeing with the new: the size lines when
 * the sizes differ (dealloc_size != 0), the alignment lines when
 * align_bad, an alignment of 0 printed as ASan prints it,
 * "default-aligned". */
static void alignment_line(sbuf_t *b, const char *label, size_t align,
                           char end) {
  sbuf_puts(b, label);
  if (align)
    sbuf_printf(b, "%lu bytes%c\n", (unsigned long)align, end);
  else
    sbuf_printf(b, "default-aligned%c\n", end);
}

void report_new_delete_type_mismatch(uptr addr, size_t alloc_size,
                                     size_t dealloc_size, size_t alloc_align,
                                     size_t dealloc_align, int align_bad,
                                     uint32_t stack) {
  report_model m;
  if (!begin_allocator_error(&m, "new-delete-type-mismatch", stack))
    return;
  sbuf_printf(&m.message, " on %p in thread T%u:", (void *)addr, m.tid);
  sbuf_puts(&m.details, "  object passed to delete has wrong type:\n");
  if (dealloc_size)
    sbuf_printf(&m.details,
                "  size of the allocated type:   %lu bytes;\n  size of the "
                "deallocated type: %lu bytes.\n",
                (unsigned long)alloc_size, (unsigned long)dealloc_size);
  if (align_bad) {
    alignment_line(&m.details, "  alignment of the allocated type:   ",
                   alloc_align, ';');
    alignment_line(&m.details, "  alignment of the deallocated type: ",
                   dealloc_align, '.');
  }
  scare(&m, 10, "new-delete-type-mismatch");
  describe_freed_block(&m, addr);
  finish(&m, 0);
}

/* Uninstrumented code's overflow, seen afterwards in the redzone bytes
 * (DESIGN.md §3): the free (or, at exit, the allocation) is the main
 * stack. */
void report_redzone_corrupted(uptr bad, const chunk_info *ci,
                              uint32_t free_stack, uptr seen_in) {
  uint32_t stack = free_stack ? free_stack : ci->alloc_stack;
  report_model m;
  if (!begin_allocator_error(&m, "heap-buffer-overflow", stack))
    return;
  if (free_stack) {
    sbuf_printf(&m.message,
                " on address %p, detected when the block %swas "
                "freed",
                (void *)bad, seen_in ? "after it " : "");
    if (seen_in)
      sbuf_printf(&m.details,
                  "redzone byte(s) before the block at %p overwritten; "
                  "that block was freed by thread T%u here:\n",
                  (void *)seen_in, m.tid);
    else
      sbuf_printf(&m.details,
                  "redzone byte(s) overwritten; the block was "
                  "freed by thread T%u here:\n",
                  m.tid);
    note_thread(&m, m.tid);
  } else {
    /* No stack of its own: the allocation stack below says it all. */
    sbuf_printf(&m.message, " on address %p, detected at exit", (void *)bad);
    if (seen_in)
      sbuf_printf(&m.details,
                  "redzone byte(s) overwritten before the block at %p, "
                  "still allocated\n",
                  (void *)seen_in);
    else
      sbuf_puts(&m.details, "redzone byte(s) overwritten next to a block "
                            "still allocated\n");
    m.npcs = 0;
  }
  describe_chunk(&m, bad, ci);
  finish(&m, 0);
}

void report_header_overwritten(uptr ub, size_t size, uint32_t stack,
                               const char *verb) {
  uptr hdr = ub - 16; /* sizeof(chunk_header) */
  report_model m;
  if (stack ? !begin_allocator_error(&m, "heap-buffer-overflow", stack)
            : !begin(&m, "heap-buffer-overflow", ub, 0))
    return;
  if (verb) {
    sbuf_printf(&m.message,
                " on address %p, detected when the block was %s", (void *)hdr,
                verb);
    sbuf_printf(&m.details,
                "the chunk header of the %lu-byte block at %p was "
                "overwritten (its allocation stack and type are lost); the "
                "block was %s by thread T%u here:\n",
                (unsigned long)size, (void *)ub, verb, m.tid);
    note_thread(&m, m.tid);
  } else {
    sbuf_printf(&m.message, " on address %p, detected at exit", (void *)hdr);
    sbuf_printf(&m.details,
                "the chunk header of the %lu-byte block at %p, still "
                "allocated, was overwritten (its allocation stack and type "
                "are lost)\n",
                (unsigned long)size, (void *)ub);
  }
  /* The header lies in the left redzone: the block that ends before it is
   * the one whose overflow most likely wrote there. */
  chunk_info ci;
  if (allocator_describe(hdr, &ci) && ci.user_beg != ub &&
      ci.user_beg + ci.size <= hdr)
    describe_chunk(&m, hdr, &ci);
  else
    sbuf_printf(&m.location,
                "%p is located 16 bytes before %lu-byte region [%p,%p)",
                (void *)hdr, (unsigned long)size, (void *)ub,
                (void *)(ub + size));
  finish(&m, 0);
}

void report_freed_block_written(uptr bad, const chunk_info *ci,
                                int record_broken) {
  uint32_t stack = ci->free_stack ? ci->free_stack : ci->alloc_stack;
  report_model m;
  if (!begin_allocator_error(&m, "heap-use-after-free", stack))
    return;
  sbuf_printf(&m.message, " on address %p, detected in quarantine",
              (void *)bad);
  sbuf_puts(&m.details, record_broken
                            ? "WRITE to the freed block's first 16 bytes, "
                              "made after it was freed\n"
                            : "WRITE to the freed block, made after it was "
                              "freed\n");
  m.npcs = 0; /* the write itself was not seen: the stacks below tell */
  describe_chunk(&m, bad, ci);
  finish(&m, 0);
}

/* The end of the reports for requests the allocator cannot satisfy. */
static void finish_limit_report(report_model *m, int fatal) {
  m->hint = options_named_asan()
                ? "==HINT: if you don't care about these errors you may set "
                  "ASAN_OPTIONS=allocator_may_return_null=1"
                : "==HINT: if you don't care about these errors you may set "
                  "SLEUTH_OPTIONS=allocator_may_return_null=1";
  finish(m, fatal);
}

/* calloc's and reallocarray's count * size past SIZE_MAX. Signed, as
 * ASan prints them (%zd): a negative int passed as the count, the usual
 * cause, then reads as -2 rather than 18446744073709551614. */
static void report_count_overflow(const char *kind, const char *func,
                                  size_t n, size_t size, uint32_t stack) {
  report_model m;
  if (!begin_allocator_error(&m, kind, stack))
    return;
  sbuf_printf(&m.message,
              ": %s parameters overflow: count * size (%ld * %ld) cannot "
              "be represented in type size_t (thread T%u)",
              func, (long)n, (long)size, m.tid);
  finish_limit_report(&m, 0);
}

void report_calloc_overflow(size_t n, size_t size, uint32_t stack) {
  report_count_overflow("calloc-overflow", "calloc", n, size, stack);
}

void report_reallocarray_overflow(size_t n, size_t size, uint32_t stack) {
  report_count_overflow("reallocarray-overflow", "reallocarray", n, size,
                        stack);
}

void report_allocation_size_too_big(size_t size, size_t adjusted, size_t max,
                                    uint32_t stack) {
  report_model m;
  if (!begin_allocator_error(&m, "allocation-size-too-big", stack))
    return;
  /* As ASan words it, the size with redzone and alignment included. */
  sbuf_printf(&m.message,
              ": requested allocation size 0x%lx (0x%lx after adjustments for "
              "alignment, red zones etc.) exceeds maximum supported size of "
              "0x%lx (thread T%u)",
              (unsigned long)size, (unsigned long)adjusted, (unsigned long)max,
              m.tid);
  finish_limit_report(&m, 0);
}

void report_pvalloc_overflow(size_t size, uint32_t stack) {
  report_model m;
  if (!begin_allocator_error(&m, "pvalloc-overflow", stack))
    return;
  sbuf_printf(&m.message,
              ": pvalloc parameters overflow: size 0x%lx rounded up to system "
              "page size 0x1000 cannot be represented in type size_t (thread "
              "T%u)",
              (unsigned long)size, m.tid);
  finish_limit_report(&m, 0);
}

void report_invalid_alignment(const char *func, size_t align, size_t size,
                              uint32_t stack) {
  report_model m;
  int posix = !sl_strcmp(func, "posix_memalign");
  if (!begin_allocator_error(&m,
                             posix ? "invalid-posix-memalign-alignment"
                                   : "invalid-aligned-alloc-alignment",
                             stack))
    return;
  if (posix)
    sbuf_printf(&m.message,
                ": invalid alignment requested in posix_memalign: %ld, "
                "alignment must be a power of two and a multiple of "
                "sizeof(void*) == 8 (thread T%u)",
                (long)align, m.tid);
  else
    sbuf_printf(&m.message,
                ": invalid alignment requested in aligned_alloc: %ld, "
                "alignment must be a power of two (size 0x%lx) (thread T%u)",
                (long)align, (unsigned long)size, m.tid);
  finish_limit_report(&m, 0);
}

void report_out_of_memory(size_t size, uint32_t stack, const char *what) {
  report_model m;
  if (!begin_allocator_error(&m, "out-of-memory", stack))
    return;
  sbuf_printf(&m.message,
              ": allocator is trying to allocate 0x%lx bytes (thread T%u)",
              (unsigned long)size, m.tid);
  if (what)
    sbuf_printf(&m.message,
                ": could not map %s (memory or vm.max_map_count exhausted)",
                what);
  /* Running out of memory is not something to continue from. */
  finish_limit_report(&m, 1);
}

void report_mmap_limit(size_t size, size_t total, size_t limit_mb,
                       uint32_t stack) {
  report_model m;
  if (!begin_allocator_error(&m, "out-of-memory", stack))
    return;
  sbuf_printf(&m.message,
              ": allocator is trying to allocate 0x%lx bytes (thread T%u): "
              "total_mmaped would be %lu MiB, over mmap_limit_mb=%lu",
              (unsigned long)size, m.tid, (unsigned long)(total >> 20),
              (unsigned long)limit_mb);
  finish_limit_report(&m, 1);
}

void report_rss_limit_exceeded(size_t limit_mb, uint32_t stack) {
  report_model m;
  if (!begin_allocator_error(&m, "rss-limit-exceeded", stack))
    return;
  sbuf_printf(&m.message,
              ": specified RSS limit exceeded, currently set to "
              "soft_rss_limit_mb=%lu",
              (unsigned long)limit_mb);
  finish_limit_report(&m, 1);
}

/* ---- deadly signals --------------------------------------------------- */

int signals_real_sigaction(int sig, const struct sigaction *act,
                           struct sigaction *old);

/* A fault is a stack overflow when it lands at the bottom of the faulting
 * thread's stack (in the guard below it, or in its lowest 64 KiB: the main
 * thread's bound is where RLIMIT_STACK stops its growth) and no further
 * below sp than one large frame: the push or store that grew the stack.
 * Without known bounds, a fault within a page below sp counts too. */
/* An instruction fetch that faulted on a mapped page hit memory that is not
 * executable (heap, stack, data): a jump through a pointer to data. */
static int page_is_mapped(uptr addr) {
  unsigned char resident;
  return sys_call6(SYS_mincore, (long)(addr & ~(uptr)4095), 4096,
                   (long)&resident, 0, 0, 0) == 0;
}

static int is_stack_overflow(const sl_thread *t, uptr addr, uptr sp) {
  const uptr near = 65536;
  if (addr + near < sp || addr >= sp + near)
    return 0;
  if (t && t->stack_hi)
    return addr < t->stack_lo + near && addr + near > t->stack_lo;
  return addr + 4096 >= sp && addr < sp;
}

/* The general registers at the fault, in ASan's "Register values:" shape:
 * the one clue to the address of a fault the kernel gives none for. */
static void registers_text(sbuf_t *b, const ucontext_t *uc) {
  static const struct {
    const char *name;
    int reg;
  } regs[] = {{"rax", REG_RAX}, {"rbx", REG_RBX}, {"rcx", REG_RCX},
              {"rdx", REG_RDX}, {"rdi", REG_RDI}, {"rsi", REG_RSI},
              {"rbp", REG_RBP}, {"rsp", REG_RSP}, {" r8", REG_R8},
              {" r9", REG_R9},  {"r10", REG_R10}, {"r11", REG_R11},
              {"r12", REG_R12}, {"r13", REG_R13}, {"r14", REG_R14},
              {"r15", REG_R15}};
  sbuf_puts(b, "Register values:\n");
  for (int i = 0; i < 16; i++)
    sbuf_printf(b, "%s = 0x%016lx%s", regs[i].name,
                (unsigned long)uc->uc_mcontext.gregs[regs[i].reg],
                i % 4 == 3 ? "\n" : "  ");
}

/* ASan's scores of deadly signals: a jump to a wild pc is the scariest, a
 * write to a wild address next; a null dereference and a signal that is
 * not a memory access (SIGILL, SIGABRT, SIGFPE) rank low. */
static void scare_signal(report_model *m, int sig, uptr addr, uptr pc,
                         int is_write) {
  if (sig != SIGSEGV && sig != SIGBUS)
    scare(m, 10, "signal");
  else if (addr < 4096)
    scare(m, 10, "null-deref");
  else if (addr == pc)
    scare(m, 60, "wild-jump");
  else if (is_write)
    scare(m, 30, "wild-addr-write");
  else
    scare(m, 20, "wild-addr-read");
}

void report_deadly_signal(int sig, void *vinfo, void *vctx) {
  siginfo_t *info = vinfo;
  ucontext_t *uc = vctx;
  uptr pc = (uptr)uc->uc_mcontext.gregs[REG_RIP];
  uptr bp = (uptr)uc->uc_mcontext.gregs[REG_RBP];
  uptr sp = (uptr)uc->uc_mcontext.gregs[REG_RSP];
  uptr addr = (uptr)info->si_addr;
  /* ASan's names for the signals: SIGILL is "ILL", SIGABRT "ABRT". */
  const char *kind = sig == SIGBUS    ? "BUS"
                     : sig == SIGFPE  ? "FPE"
                     : sig == SIGILL  ? "ILL"
                     : sig == SIGABRT ? "ABRT"
                                      : "SEGV";
  sl_thread *self = thread_current();
  int overflow = sig == SIGSEGV && is_stack_overflow(self, addr, sp);
  if (overflow)
    kind = "stack-overflow";
  uptr pcs[MAX_FRAMES];
  /* An instruction fetch that faulted (page-fault error code bit 4): a call
   * through a null or garbage function pointer. libgcc cannot step out of
   * a pc with no code, and unwind_slow(0) would walk this handler: #0 is
   * the bad pc and #1 the caller, from the return address at sp. */
  int bad_fetch = sig == SIGSEGV && addr == pc &&
                  ((uc->uc_mcontext.gregs[REG_ERR] & 16) || pc < 4096);
  int n = 0;
  if (bad_fetch) {
    pcs[0] = pc;
    n = 1 + unwind_from_bad_call(pcs + 1, MAX_FRAMES - 1, sp, bp);
  } else if (pc) {
    n = unwind_slow(pcs, MAX_FRAMES, pc);
  }
  if (n == 0) {
    pcs[0] = pc;
    n = 1 + unwind_fast(pcs + 1, MAX_FRAMES - 1, bp);
  }
  if (suppressed(kind, pcs, n, 1)) {
    /* No report, but no recovery either: the default action applies when
     * the faulting instruction runs again. */
    struct sigaction dfl;
    sl_memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    signals_real_sigaction(sig, &dfl, 0);
    return;
  }
  report_model m;
  begin(&m, kind, 0, 0);
  m.deadly_signal = 1;
  if (overflow) {
    /* ASan's shape: the address and registers, the stack, the summary. */
    sbuf_printf(&m.message,
                " on address 0x%012lx (pc 0x%012lx bp 0x%012lx sp 0x%012lx "
                "T%u)",
                (unsigned long)addr, (unsigned long)pc, (unsigned long)bp,
                (unsigned long)sp, m.tid);
    scare(&m, 10, "stack-overflow");
    note_thread(&m, m.tid);
    set_stack(&m, pcs, n, 1);
    m.summary_pc = pc;
    m.summary_exact = 1;
    finish(&m, 1);
    return;
  }
  /* A general-protection fault, such as a load from a non-canonical
   * address (0x4141414141414141: outside the 48-bit address space), comes
   * with si_code SI_KERNEL and si_addr 0: the kernel does not know the
   * address, and 0 must not read as a null dereference. */
  int addr_known = !(sig == SIGSEGV && info->si_code == SI_KERNEL);
  /* 12 digits, as ASan prints them: "0x000000000000" for a null pc. */
  sbuf_puts(&m.message, " on unknown address ");
  if (addr_known)
    sbuf_printf(&m.message, "0x%012lx ", (unsigned long)addr);
  sbuf_printf(&m.message, "(pc 0x%012lx bp 0x%012lx sp 0x%012lx T%u)",
              (unsigned long)pc, (unsigned long)bp, (unsigned long)sp, m.tid);
  if (sig == SIGSEGV) {
    int is_write = (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0;
    const char *type = is_write ? "WRITE" : "READ";
    if (addr_known) { /* JSON: no access object with a made-up address */
      m.access_type = type;
      m.access_addr = addr;
    }
    m.details_pid = 1;
    if (bad_fetch && pc < 4096)
      sbuf_puts(&m.details, "Hint: pc points to the zero page.\n");
    else if (bad_fetch && page_is_mapped(pc))
      sbuf_puts(&m.details,
                "Hint: PC is at a non-executable region. Maybe a wild jump?\n");
    sbuf_printf(&m.details, "The signal is caused by a %s memory access.\n",
                type);
    if (!addr_known) {
      sbuf_puts(&m.details,
                "Hint: this fault was caused by a dereference of a high value "
                "address (see register values below).  Disassemble the "
                "provided pc to learn which register was used.\n");
      registers_text(&m.location, uc);
    } else if (addr < 4096) {
      sbuf_puts(&m.details, "Hint: address points to the zero page.\n");
    }
  }
  /* An unknown address is not a null one: ASan scores it as wild. */
  scare_signal(&m, sig, addr_known ? addr : ~(uptr)0, pc,
               (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0);
  note_thread(&m, m.tid);
  set_stack(&m, pcs, n, 1);
  m.trailer = "Sleuth can not provide additional info.";
  m.summary_pc = pc;
  m.summary_exact = 1;
  finish(&m, 1);
}

/* ---- leak report pieces ------------------------------------------------ */

void report_leak_header(sbuf_t *b) {
  if (!json_format())
    text_leak_header(b, use_color(out_fd()));
}

void report_leak_record(sbuf_t *b, const char *leak_kind, uptr bytes,
                        uptr objects, uint32_t stack,
                        const leak_growth_info *growth) {
  if (json_format())
    json_leak_record(b, leak_kind, bytes, objects, stack, growth);
  else
    text_leak_record(b, leak_kind, bytes, objects, stack, growth,
                     use_color(out_fd()));
}

void report_growth_header(sbuf_t *b, int is_error) {
  if (!json_format())
    text_growth_header(b, is_error, use_color(out_fd()));
}

void report_growth_summary(sbuf_t *b, uptr bytes, uptr objects,
                           unsigned checks) {
  if (!json_format())
    text_growth_summary(b, bytes, objects, checks);
}

void report_leak_summary(sbuf_t *b, const leak_totals *t) {
  if (json_format())
    json_leak_summary(b, t);
  else
    text_leak_summary(b, t);
}
