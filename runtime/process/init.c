/* Runtime start-up. It runs from the executable's .preinit_array (before
 * any shared library's constructors), from the preloaded library's
 * constructor, from every instrumented module's constructor, or from the
 * first malloc, whichever comes first; only the first does the work. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "allocator.h"
#include "aslr_reexec.h"
#include "fake_stack.h"
#include "heap.h"
#include "guarded.h"
#include "heapprof.h"
#include "interception.h"
#include "interceptors.h"
#include "leak.h"
#include "one_runtime.h"
#include "options.h"
#include "pools.h"
#include "redzone_pattern.h"
#include "report.h"
#include "service.h"
#include "shadow.h"
#include "sancov_guard.h"
#include "stats.h"
#include "secure_mode.h"
#include "stderr_identity.h"
#include "suppressions.h"
#include "symbolize.h"
#include "symbol_cache.h"
#include "threads.h"
#include "unwind.h"

#ifndef SLEUTH_VERSION
#define SLEUTH_VERSION "0"
#endif

int sleuth_inited;
int sleuth_checking;
int sl_heap_mode;
static int initializing;
static char **initial_argv;

void signals_init(void);

/* Every runtime lock is taken before fork() and released after it in both
 * processes, so the child never inherits a lock held by a thread that does
 * not exist there. Order: outer (leak scans, symbolizer, allocator) before
 * inner (internal allocator), which the outer ones may take. The stack
 * depot takes no lock (stackdepot.c). */
static void before_fork(void) {
  leak_growth_lock();
  leak_scan_lock();
  symbolizer_lock();
  pools_lock();
  allocator_lock_all();
  guard_lock();
  heapprof_lock_all();
  ialloc_lock_all();
}
static void after_fork_parent(void) {
  ialloc_unlock_all();
  heapprof_unlock_all();
  guard_unlock();
  allocator_unlock_all();
  pools_unlock();
  symbolizer_unlock();
  leak_scan_unlock();
  leak_growth_unlock();
}
static void after_fork_child(void) {
  after_fork_parent();
  threads_after_fork_child();
  quarantine_protect_after_fork_child();
  leak_growth_after_fork_child();
  heapprof_after_fork_child();
  service_after_fork_child();
}

/* One line to stderr: a control character of a value (SLEUTH_OPTIONS
 * may hold a newline) is shown as '?', so the line stays one line. */
static void print_option_line(const char *kind, const char *msg) {
  char line[1200];
  size_t n = sl_snprintf(line, sizeof line, "==%d==%s: Sleuth: %s",
                         sys_getpid(), kind, msg);
  for (size_t i = 0; i < n; i++)
    if ((unsigned char)line[i] < 0x20 || line[i] == 0x7f)
      line[i] = '?';
  if (n >= sizeof line)
    n = sizeof line - 1;
  line[n] = '\n';
  sys_write_all(2, line, n + 1);
}

/* Calls emit(line) for each '\n'-terminated line of text (the option
 * parser's notices and warnings), each cut to 511 bytes. */
static void for_each_line(const char *text, void (*emit)(const char *line)) {
  for (const char *w = text; w && *w;) {
    const char *eol = sl_strchr(w, '\n');
    char line[512];
    size_t n = (size_t)(eol - w) < sizeof line ? (size_t)(eol - w)
                                               : sizeof line - 1;
    sl_memcpy(line, w, n);
    line[n] = 0;
    emit(line);
    w = eol + 1;
  }
}

static void print_option_warning(const char *line) {
  print_option_line("WARNING", line);
}

static void print_raw_line(const char *line) { report_raw("%s", line); }

static void die_options(const char *msg) {
  print_option_line("ERROR", msg);
  sys_exit_group(1);
}

/* Profile-only mode (checker=0) needs a program whose code does not check
 * the shadow, so only the preloaded runtime offers it. Without the checker
 * there is nothing per block to scan for leaks and no report to give for a
 * fault, so the options for those are turned off here, once. */
static void choose_mode(void) {
#ifndef SLEUTH_SHARED
  if (!sl_opt.checker) {
    report_raw("WARNING: Sleuth: checker=0 applies to programs run with the "
               "runtime preloaded (sleuth-run); this program is instrumented, "
               "so the checker stays on");
    sl_opt.checker = 1;
  }
#endif
  if (!sl_opt.checker) {
    sl_opt.detect_leaks = 0;
    /* Guard pages need the SIGSEGV handler (signals.c leaves other faults
     * to the default action in this mode). */
    sl_opt.handle_segv = sl_opt.guard_pages > 0;
    sl_opt.handle_sigill = 0;
    sl_opt.handle_abort = 0;
  }
  __atomic_store_n(&sl_heap_mode, sl_opt.checker ? HEAP_CHECKED : HEAP_SYSTEM,
                   __ATOMIC_RELEASE);
}

int heap_mode_slow(void) {
  sleuth_init();
  int m = __atomic_load_n(&sl_heap_mode, __ATOMIC_ACQUIRE);
  /* Only a call made while the options are being parsed gets here with no
   * mode yet; the checking allocator is the default. */
  return m != HEAP_UNSET ? m : HEAP_CHECKED;
}

/* Exit-time hook (registered first, so it runs after the program's atexit
 * handlers and static destructors): runs the leak scan, and makes the exit
 * status exitcode if errors were reported or leaks of a failing kind
 * found. */
static void report_at_exit(void) {
  /* exit() flushes stdio after the atexit handlers; flush the program's
   * output first so it comes before a leak report (or the atexit=1
   * statistics), as it was written. */
  if (sl_opt.detect_leaks || sl_opt.atexit)
    fflush(0);
  if (rz_pattern_on)
    rz_pattern_check_live_blocks();
  int leaks_fail = leak_check_at_exit();
  stats_print_at_exit();
  sancov_dump_at_exit();
  if (suppressions_error_count())
    report_raw("Sleuth: suppressed: %d error report(s)",
               suppressions_error_count());
  if ((report_error_count() && !sl_opt.halt_on_error) || leaks_fail) {
    /* _exit would not flush stdio; exit() would run these handlers again. */
    fflush(0);
    sys_exit_group((int)sl_opt.exitcode);
  }
}

void sleuth_init(void) {
  if (SL_LIKELY(sleuth_inited))
    return;
  /* Re-entry during init (libc calling malloc from dlsym, say) proceeds:
   * the allocator is up before anything here can call back into it. */
  if (__atomic_exchange_n(&initializing, 1, __ATOMIC_ACQ_REL))
    return;
  stderr_note_identity(); /* what stderr is, before the program moves it */
  aslr_reexec_start(initial_argv,
                    sl_initial_environ ? sl_initial_environ : environ);
  char err[1024];
  /* An empty SLEUTH_OPTIONS counts as unset (scripts and test harnesses
   * clear it that way), so ASAN_OPTIONS still applies. */
  const char *sleuth_env = sl_getenv("SLEUTH_OPTIONS");
  if (sleuth_env && !*sleuth_env)
    sleuth_env = 0;
  if (options_init(sleuth_env, sl_getenv("ASAN_OPTIONS"),
                   sl_getenv("LSAN_OPTIONS"), err, sizeof err))
    die_options(err);
  secure_mode_apply(); /* before anything opens, runs or reads a path */
  for_each_line(options_notices(), print_option_warning);
  if (sl_opt.help) {
    options_print_help(1);
    sys_exit_group(0);
  }
  choose_mode();
  if (sl_heap_mode == HEAP_CHECKED) {
#ifdef SLEUTH_SHARED
    rz_pattern_on = 1; /* the program's code checks nothing itself */
#endif
    shadow_init();
    allocator_init();
    suppressions_init();
  } else {
    sysheap_init();
  }
  threads_init_main();
#ifdef SLEUTH_SHARED
  unwind_assume_no_frame_pointers();
#endif
  heapprof_init();
  guard_init();
  if (sl_heap_mode != HEAP_CHECKED)
    sysheap_arm();
  if (!sl_opt.symbolize)
    symbolizer_disable();
  else
    symbolizer_set_path(sl_opt.external_symbolizer_path);
  if (!sl_opt.symbolize_cache)
    symbol_cache_disable();
  modules_note_start();
  signals_init();
  interceptors_init();
  pthread_atfork(before_fork, after_fork_parent, after_fork_child);
  atexit(report_at_exit);
  atexit(heapprof_at_exit); /* runs first: the dump precedes a leak report */
  __atomic_store_n(&sleuth_checking, sl_heap_mode == HEAP_CHECKED,
                   __ATOMIC_RELEASE);
  __atomic_store_n(&sleuth_inited, 1, __ATOMIC_RELEASE);
  ialloc_init_reserve();
  sl_map_fail_from = (unsigned long)sl_opt.fail_internal_mmap;
  fake_stack_init();
  service_init();
  /* Growth checks every heap_profile_interval_s (options.c has made sure
   * the interval is set when leak_growth_checks is). */
  if (sl_opt.leak_growth_checks > 0 && sleuth_checking)
    service_register_interval(leak_growth_check);
  if (sl_opt.verbosity) {
    const char *env = sleuth_env;
    report_raw("Sleuth " SLEUTH_VERSION " initialised (options: %s%s)",
               env                           ? env
               : sl_getenv("ASAN_OPTIONS")   ? "ASAN_OPTIONS"
               : sl_getenv("LSAN_OPTIONS")   ? "LSAN_OPTIONS"
                                             : "defaults",
               !env && sl_getenv("ASAN_OPTIONS") && sl_getenv("LSAN_OPTIONS")
                   ? ", LSAN_OPTIONS"
                   : "");
    /* The heap's sizes and the mapping, in the lines ASan prints at
     * verbosity=1 (scripts and tests read them to compute shadow
     * addresses). */
    report_raw("redzone=%llu", sl_opt.redzone);
    report_raw("max_redzone=%llu", sl_opt.max_redzone);
    report_raw("quarantine_size_mb=%lluM", sl_opt.quarantine_size_mb);
    report_raw("thread_local_quarantine_size_kb=%lluK",
               sl_opt.thread_local_quarantine_size_kb);
    report_raw("malloc_context_size=%llu", sl_opt.malloc_context_size);
    if (sl_shadow_gap_open)
      report_raw("protect_shadow_gap=0: not protecting the shadow gap "
                 "[%p, %p]; its shadow is mapped",
                 (void *)SHADOW_GAP_BEG, (void *)SHADOW_GAP_END);
    report_raw("SHADOW_SCALE: %d", SLEUTH_SHADOW_SCALE);
    report_raw("SHADOW_OFFSET: 0x%lx", (unsigned long)SLEUTH_SHADOW_OFFSET);
    /* Flags of ASan-syntax strings that were ignored, one line each. */
    for_each_line(options_warnings(), print_raw_line);
    if (options_first_unimplemented())
      report_raw("WARNING: Sleuth: option '%s' is accepted but not "
                 "implemented yet; it has no effect (help=1 lists them)",
                 options_first_unimplemented());
  }
  /* sleep_after_init=N: time to attach a debugger before the program
   * runs; the line, ASan's, says which process to attach to. */
  if (sl_opt.sleep_after_init > 0) {
    report_raw("Sleeping for %lld second(s)", sl_opt.sleep_after_init);
    sys_sleep_seconds((long)sl_opt.sleep_after_init);
  }
}

/* glibc passes (argc, argv, envp) to preinit and init functions. */
static void sleuth_early_init(int argc, char **argv, char **envp) {
  (void)argc;
  initial_argv = argv;
  sl_initial_argv = argv;
  sl_initial_environ = envp;
#ifdef SLEUTH_SHARED
  if (!sleuth_inited && one_runtime_another_is_loaded()) {
    report_raw("WARNING: Sleuth: libsleuth.so is loaded into a program that "
               "has the Sleuth runtime linked in; this copy stays inactive");
    __atomic_store_n(&initializing, 1, __ATOMIC_RELEASE);
    return;
  }
#else
  one_runtime_drop_preloaded(argv, envp);
#endif
  sleuth_init();
}

#ifdef SLEUTH_SHARED
/* clang-format off */
__attribute__((section(".init_array.00101"), used)) static void (
    *sleuth_ctor)(int, char **, char **) = sleuth_early_init;
/* clang-format on */

/* A preloaded library's constructors run before __libc_start_main
 * registers ld.so's _dl_fini, so an exit handler registered there would
 * run from _dl_fini, where the unwinder cannot see exit's frame. The
 * exit-floor handler (leak_note_exit_floor) is registered as main starts
 * instead: __libc_start_main is handed a main that does that first. */
typedef int (*main_fn)(int, char **, char **);
typedef int (*libc_start_fn)(main_fn, int, char **, void (*)(void),
                             void (*)(void), void (*)(void), void *);
static main_fn program_main;

static int main_with_exit_floor(int argc, char **argv, char **envp) {
  atexit(leak_note_exit_floor);
  return program_main(argc, argv, envp);
}

SL_INTERFACE int __libc_start_main(main_fn main, int argc, char **argv,
                                   void (*init)(void), void (*fini)(void),
                                   void (*rtld_fini)(void), void *stack_end) {
  libc_start_fn real = (libc_start_fn)dlsym(RTLD_NEXT, "__libc_start_main");
  program_main = main;
  int active =
      __atomic_load_n(&sleuth_inited, __ATOMIC_ACQUIRE) && sleuth_checking;
  return real(active ? main_with_exit_floor : main, argc, argv, init, fini,
              rtld_fini, stack_end);
}
#else
/* clang-format off */
__attribute__((section(".preinit_array"), used)) static void (
    *sleuth_preinit)(int, char **, char **) = sleuth_early_init;
/* clang-format on */

/* The executable's .init_array runs after __libc_start_main registered
 * ld.so's _dl_fini, so this handler runs before it, called by exit()
 * itself (the preinit-time handlers run later, from _dl_fini). */
static void register_exit_floor(void) { atexit(leak_note_exit_floor); }
__attribute__((section(".init_array"), used)) static void (
    *sleuth_exit_floor_ctor)(void) = register_exit_floor;
#endif
