/* Runtime start-up. It runs from the executable's .preinit_array (before
 * any shared library's constructors), from the preloaded library's
 * constructor, from every instrumented module's constructor, or from the
 * first malloc, whichever comes first; only the first does the work. */
#include <pthread.h>
#include <stdlib.h>

#include "allocator.h"
#include "heapprof.h"
#include "interception.h"
#include "interceptors.h"
#include "options.h"
#include "pools.h"
#include "report.h"
#include "service.h"
#include "shadow.h"
#include "stackdepot.h"
#include "suppressions.h"
#include "symbolize.h"
#include "threads.h"

#ifndef SLEUTH_VERSION
#define SLEUTH_VERSION "0"
#endif

int sleuth_inited;
static int initializing;

void signals_init(void);

/* Every runtime lock is taken before fork() and released after it in both
 * processes, so the child never inherits a lock held by a thread that does
 * not exist there. Order: outer (symbolizer, allocator) before inner
 * (depot, internal allocator), which the outer ones may take. */
static void before_fork(void) {
  symbolizer_lock();
  pools_lock();
  allocator_lock_all();
  heapprof_lock_all();
  depot_lock_all();
  ialloc_lock_all();
}
static void after_fork_parent(void) {
  ialloc_unlock_all();
  depot_unlock_all();
  heapprof_unlock_all();
  allocator_unlock_all();
  pools_unlock();
  symbolizer_unlock();
}
static void after_fork_child(void) {
  after_fork_parent();
  threads_after_fork_child();
  heapprof_after_fork_child();
  service_after_fork_child();
}

static void die_options(const char *msg) {
  char line[1200];
  size_t n = sl_snprintf(line, sizeof line, "==%d==ERROR: Sleuth: %s\n",
                         sys_getpid(), msg);
  sys_write_all(2, line, n);
  sys_exit_group(1);
}

void sleuth_init(void) {
  if (SL_LIKELY(sleuth_inited))
    return;
  /* Re-entry during init (libc calling malloc from dlsym, say) proceeds:
   * the allocator is up before anything here can call back into it. */
  if (__atomic_exchange_n(&initializing, 1, __ATOMIC_ACQ_REL))
    return;
  char err[1024];
  if (options_parse(sl_getenv("SLEUTH_OPTIONS"), err, sizeof err))
    die_options(err);
  if (sl_opt.help) {
    options_print_help(1);
    sys_exit_group(0);
  }
  shadow_init();
  allocator_init();
  threads_init_main();
  heapprof_init();
  suppressions_init();
  if (!sl_opt.symbolize)
    symbolizer_disable();
  else
    symbolizer_set_path(sl_opt.external_symbolizer_path);
  signals_init();
  interceptors_init();
  pthread_atfork(before_fork, after_fork_parent, after_fork_child);
  atexit(report_at_exit);
  atexit(heapprof_at_exit); /* runs first: the dump precedes a leak report */
  __atomic_store_n(&sleuth_inited, 1, __ATOMIC_RELEASE);
  service_init();
  if (sl_opt.verbosity) {
    report_raw("Sleuth " SLEUTH_VERSION " initialised (options: %s)",
               sl_getenv("SLEUTH_OPTIONS") ? sl_getenv("SLEUTH_OPTIONS")
                                           : "defaults");
    if (options_first_unimplemented())
      report_raw("WARNING: Sleuth: option '%s' is accepted but not "
                 "implemented yet; it has no effect (help=1 lists them)",
                 options_first_unimplemented());
  }
}

/* glibc passes (argc, argv, envp) to preinit and init functions. */
static void sleuth_early_init(int argc, char **argv, char **envp) {
  (void)argc, (void)argv;
  sl_initial_environ = envp;
  sleuth_init();
}

#ifdef SLEUTH_SHARED
__attribute__((section(".init_array.00101"), used)) static void (
    *sleuth_ctor)(int, char **, char **) = sleuth_early_init;
#else
__attribute__((section(".preinit_array"), used)) static void (
    *sleuth_preinit)(int, char **, char **) = sleuth_early_init;
#endif
