/* The service thread: heap-profile dumps asked for by heap_profile_signal
 * (the handler only sets a flag and wakes this thread), dumps and
 * registered callbacks every heap_profile_interval_s (the leak-growth check
 * hooks in here), timeline samples every heap_profile_timeline_ms, and the
 * heap profiler's in-use watch (growth, peak and alert dumps, alert
 * commands: heapprof_watch_service), which an allocation wakes it for.
 *
 * How it stays out of the program's way:
 *  - it is created with libc's pthread_create, not the runtime's wrapper,
 *    and its sl_thread record is not in the thread table: the leak scan
 *    neither stops it nor scans its stack, reports never list it, and it
 *    holds no user pointers;
 *  - it blocks every signal, so process-directed signals go to the
 *    program's threads;
 *  - exit() ends it with the process. If the program's last thread goes
 *    away through pthread_exit, glibc would have called exit(0) in that
 *    thread, but this one is still counted; so on each tick it looks at the
 *    process's thread count and, when it is alone, calls exit(0) itself;
 *  - after fork() the child starts its own (the parent's did not survive);
 *  - in profile-only mode the program's heap is glibc's, whose malloc and
 *    free take an arena lock on every call that misses its per-thread cache
 *    once the process has a second pthread (binary_trees: 15 % slower with
 *    an idle thread preloaded). There the thread is a raw clone glibc does
 *    not know (raw_thread.h): its work in that mode (timeline, dumps) uses
 *    raw syscalls and internal memory only, and since glibc counts only its
 *    own threads it ends the process itself when the last one leaves.
 */
#include "service.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

#include "heap.h"
#include "heapprof.h"
#include "interception.h"
#include "options.h"
#include "raw_thread.h"
#include "report.h"
#include "threads.h"

#define MAX_INTERVAL_FNS 8
#define IDLE_TICK_MS 1000
#define SERVICE_TID 0xfffffffeu
#define SERVICE_STACK (256u << 10)

DECLARE_REAL(int, pthread_create, pthread_t *, const pthread_attr_t *,
             void *(*)(void *), void *)
int signals_real_sigaction(int sig, const struct sigaction *act,
                           struct sigaction *old);

static int state; /* 0 not running, 1 starting, 2 running */
static int stopping;
static int kick; /* futex word: bumped to wake the thread */
static int dump_requested;
static service_fn interval_fns[MAX_INTERVAL_FNS];
static int n_interval_fns;
static spin_t register_lock;
static sl_thread service_record;
/* The thread's stack is the runtime's own mapping, so its bounds are known
 * without asking glibc (pthread_getattr_np allocates). A fork child reuses
 * it: the parent's service thread does not exist there. */
static void *service_stack;

static uint64_t interval_ns(void) {
  long long s = sl_opt.heap_profile_interval_s;
  return s > 0 ? (uint64_t)s * 1000000000u : 0;
}
static uint64_t timeline_ns(void) {
  long long ms = sl_opt.heap_profile_timeline_ms;
  return heapprof_on && ms > 0 ? (uint64_t)ms * 1000000u : 0;
}

static void run_interval(void) {
  if (heapprof_on)
    heapprof_dump_why(0, HP_WHY_INTERVAL);
  int n = __atomic_load_n(&n_interval_fns, __ATOMIC_ACQUIRE);
  for (int i = 0; i < n; i++)
    interval_fns[i]();
}

/* Whether the main thread has exited (a zombie until the process ends). */
static int main_thread_exited(void) {
  char path[64];
  sl_snprintf(path, sizeof path, "/proc/self/task/%d/stat", sys_getpid());
  char *text = sys_read_file(path, 0);
  if (!text)
    return 0;
  char *p = text, *paren = 0;
  for (; *p; p++) /* the state follows the last ')' (comm may hold any) */
    if (*p == ')')
      paren = p;
  int zombie = paren && paren[1] == ' ' && paren[2] == 'Z';
  ifree(text);
  return zombie;
}

/* The program's threads are all gone (main left through pthread_exit and
 * the others finished; the main thread stays a zombie and is counted):
 * end the process as glibc would have. */
static void exit_if_alone(void) {
  sys_proc_status st;
  if (sys_read_proc_status(&st) == 0 &&
      (st.threads == 1 || (st.threads == 2 && main_thread_exited()))) {
    /* The main thread ran no exit hook: retire it as any exited thread, so
     * the leak scan at exit neither waits for it nor reads its stack. */
    thread_on_exit(thread_by_tid(0));
    exit(0);
  }
}

static void *service_main(void *arg) {
  int raw = arg != 0;
  service_record.tid = SERVICE_TID;
  thread_register_unlisted(&service_record, (uptr)service_stack,
                           (uptr)service_stack + SERVICE_STACK);
  __atomic_store_n(&state, 2, __ATOMIC_RELEASE);
  uint64_t tl = timeline_ns(), iv = interval_ns();
  uint64_t tick = tl ? tl : (uint64_t)IDLE_TICK_MS * 1000000u;
  uint64_t now = sys_monotonic_ns();
  uint64_t next_tick = now + tick, next_interval = iv ? now + iv : ~0ull;
  for (;;) {
    int k = __atomic_load_n(&kick, __ATOMIC_ACQUIRE);
    if (__atomic_load_n(&stopping, __ATOMIC_ACQUIRE))
      return 0;
    if (__atomic_exchange_n(&dump_requested, 0, __ATOMIC_ACQ_REL))
      heapprof_dump_why(0, HP_WHY_SIGNAL);
    now = sys_monotonic_ns();
    uint64_t watch = heapprof_on ? heapprof_watch_service(now) : ~0ull;
    if (now >= next_interval) {
      run_interval();
      next_interval += iv;
      if (next_interval <= now) /* fell behind: no burst of catch-ups */
        next_interval = now + iv;
    }
    if (now >= next_tick) {
      if (tl)
        heapprof_timeline_sample();
      if (!raw)
        exit_if_alone();
      next_tick += tick;
      if (next_tick <= now)
        next_tick = now + tick;
    }
    uint64_t wake = next_tick < next_interval ? next_tick : next_interval;
    if (watch < wake)
      wake = watch;
    now = sys_monotonic_ns();
    if (wake > now)
      sys_futex_wait_ns(&kick, k, wake - now);
  }
}

/* arg: non-NULL marks the raw thread. */
static void service_main_raw(void *arg) { service_main(arg); }

static int needed(void) {
  return heapprof_on ||
         (interval_ns() && __atomic_load_n(&n_interval_fns, __ATOMIC_ACQUIRE));
}

static void start(void) {
  int expected = 0;
  if (!needed() ||
      !__atomic_compare_exchange_n(&state, &expected, 1, 0, __ATOMIC_ACQ_REL,
                                   __ATOMIC_ACQUIRE))
    return;
  if (!service_stack)
    service_stack = sys_map_anon(SERVICE_STACK);
  if (sl_heap_mode == HEAP_SYSTEM && service_stack) {
    int r = raw_thread_start(service_main_raw, service_stack, service_stack,
                             SERVICE_STACK);
    if (r) {
      __atomic_store_n(&state, 0, __ATOMIC_RELEASE);
      report_raw("WARNING: Sleuth: cannot start the service thread (error "
                 "%d); no signal, interval or timeline heap-profile output",
                 -r);
    }
    return;
  }
  RESOLVE(pthread_create);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  if (service_stack)
    pthread_attr_setstack(&attr, service_stack, SERVICE_STACK);
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old); /* the new thread inherits it */
  pthread_t th;
  int64_t countdown = heapprof_pause_own(); /* its TLS is not the program's */
  int r = REAL(pthread_create)
              ? REAL(pthread_create)(&th, &attr, service_main, 0)
              : -1;
  heapprof_resume_own(countdown);
  pthread_sigmask(SIG_SETMASK, &old, 0);
  pthread_attr_destroy(&attr);
  if (r) {
    __atomic_store_n(&state, 0, __ATOMIC_RELEASE);
    report_raw("WARNING: Sleuth: cannot start the service thread (error %d); "
               "no signal, interval or timeline heap-profile output",
               r);
  }
}

void service_wake(void) {
  __atomic_add_fetch(&kick, 1, __ATOMIC_ACQ_REL);
  sys_futex_wake(&kick, 1);
}

void service_request_dump(void) {
  __atomic_store_n(&dump_requested, 1, __ATOMIC_RELEASE);
  service_wake();
}

static void dump_signal_handler(int sig) {
  (void)sig;
  service_request_dump(); /* errno untouched: raw syscalls only */
}

void service_init(void) {
  long long sig = sl_opt.heap_profile_signal;
  if (heapprof_on && sig > 0) {
    if (sig >= 65) {
      report_raw("WARNING: Sleuth: heap_profile_signal=%lld is not a signal; "
                 "no dumps on a signal",
                 sig);
    } else {
      struct sigaction sa;
      __builtin_memset(&sa, 0, sizeof sa);
      sa.sa_handler = dump_signal_handler;
      sa.sa_flags = SA_RESTART;
      sigemptyset(&sa.sa_mask);
      signals_real_sigaction((int)sig, &sa, 0);
    }
  }
  start();
}

int service_register_interval(service_fn fn) {
  if (!interval_ns())
    return -1;
  spin_lock(&register_lock);
  int n = n_interval_fns;
  if (n < MAX_INTERVAL_FNS) {
    interval_fns[n] = fn;
    __atomic_store_n(&n_interval_fns, n + 1, __ATOMIC_RELEASE);
  }
  spin_unlock(&register_lock);
  if (n >= MAX_INTERVAL_FNS)
    return -1;
  start();
  return 0;
}

void service_stop(void) {
  __atomic_store_n(&stopping, 1, __ATOMIC_RELEASE);
  __atomic_add_fetch(&kick, 1, __ATOMIC_ACQ_REL);
  sys_futex_wake(&kick, 1);
}

void service_after_fork_child(void) {
  state = 0;
  dump_requested = 0;
  if (!__atomic_load_n(&stopping, __ATOMIC_ACQUIRE))
    start();
}
