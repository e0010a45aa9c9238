/* Stop the world with a signal instead of ptrace.
 *
 * The scanning thread bumps a generation counter, raises `world_stopped`
 * and sends STW_SIGNAL with tgkill to every other live thread it knows. The
 * handler copies the interrupted context's general registers and stack
 * pointer into the thread's record, publishes the generation it parked for
 * (the acknowledgement), and sleeps on a futex until the scanner lowers
 * `world_stopped`. A thread that blocks the signal never answers: after the
 * timeout the scan goes on with it running, and the caller scans its whole
 * stack. If its signal is delivered later, the handler sees that no stop
 * is in progress (or that it belongs to an older generation) and returns.
 *
 * The handler stays installed once a scan has used it: a signal still
 * pending in a thread that had blocked it must never meet SIG_DFL (which
 * would kill the process). A program's own action for the signal is kept
 * and called for signals that are not ours. Side effect of any scan: the
 * signal interrupts nanosleep, poll, epoll_wait and similar calls in the
 * stopped threads with EINTR, even under SA_RESTART. */
#include "stoptheworld.h"

#include <errno.h>
#include <signal.h>
#include <ucontext.h>

int signals_real_sigaction(int sig, const struct sigaction *act,
                           struct sigaction *old);

static int world_stopped;
static uint32_t world_gen;
static int installed;
static struct sigaction program_action;

static void park_handler(int sig, siginfo_t *si, void *ctx) {
  int saved_errno = errno;
  sl_thread *t = thread_current_or_null();
  int ours = si->si_code == SI_TKILL && si->si_pid == sys_getpid();
  if (!ours) {
    if (program_action.sa_flags & SA_SIGINFO) {
      if (program_action.sa_sigaction)
        program_action.sa_sigaction(sig, si, ctx);
    } else if (program_action.sa_handler != SIG_DFL &&
               program_action.sa_handler != SIG_IGN) {
      program_action.sa_handler(sig);
    }
    errno = saved_errno;
    return;
  }
  uint32_t gen = __atomic_load_n(&world_gen, __ATOMIC_ACQUIRE);
  if (!t || !__atomic_load_n(&world_stopped, __ATOMIC_ACQUIRE) ||
      __atomic_load_n(&t->parked_gen, __ATOMIC_RELAXED) == gen) {
    errno = saved_errno;
    return;
  }
  const ucontext_t *uc = ctx;
  for (int i = 0; i < 23; i++)
    t->saved_regs[i] = (uptr)uc->uc_mcontext.gregs[i];
  t->saved_sp = (uptr)uc->uc_mcontext.gregs[REG_RSP];
  __atomic_store_n(&t->parked_gen, gen, __ATOMIC_RELEASE);
  while (__atomic_load_n(&world_stopped, __ATOMIC_ACQUIRE) &&
         __atomic_load_n(&world_gen, __ATOMIC_ACQUIRE) == gen)
    sys_futex_wait(&world_stopped, 1);
  errno = saved_errno;
}

static void install(void) {
  if (installed)
    return;
  struct sigaction sa;
  __builtin_memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = park_handler;
  sa.sa_flags = SA_SIGINFO | SA_RESTART;
  sigfillset(&sa.sa_mask);
  signals_real_sigaction(STW_SIGNAL, &sa, &program_action);
  installed = 1;
}

int stw_stop(stw_thread *out, int max, int timeout_ms) {
  install();
  sl_thread *self = thread_current_or_null();
  uint32_t gen = __atomic_add_fetch(&world_gen, 1, __ATOMIC_ACQ_REL);
  __atomic_store_n(&sl_world_stopper, sys_gettid(), __ATOMIC_RELEASE);
  __atomic_store_n(&world_stopped, 1, __ATOMIC_RELEASE);
  int pid = sys_getpid(), n = 0;
  uint32_t cap;
  sl_thread **table = threads_table_locked(&cap);
  for (uint32_t i = 0; i < cap && n < max; i++) {
    sl_thread *t = table[i];
    if (!t)
      continue;
    if (t == self) {
      out[n++] = (stw_thread){t, STW_SELF};
    } else if (t->forked_away) {
      out[n++] = (stw_thread){t, STW_FORKED};
    } else if (__atomic_load_n(&t->live, __ATOMIC_ACQUIRE) && t->os_tid &&
               sys_tgkill(pid, t->os_tid, STW_SIGNAL) == 0) {
      out[n++] = (stw_thread){t, STW_TIMED_OUT}; /* until it answers */
    }
  }
  uint64_t deadline = sys_monotonic_ns() + (uint64_t)timeout_ms * 1000000;
  for (;;) {
    int waiting = 0;
    for (int i = 0; i < n; i++) {
      if (out[i].state != STW_TIMED_OUT)
        continue;
      if (__atomic_load_n(&out[i].t->parked_gen, __ATOMIC_ACQUIRE) == gen)
        out[i].state = STW_PARKED;
      else if (__atomic_load_n(&out[i].t->live, __ATOMIC_ACQUIRE))
        waiting++;
      else
        out[i] = out[--n], i--; /* exited meanwhile: nothing to scan */
    }
    if (!waiting || sys_monotonic_ns() > deadline)
      break;
    sys_sched_yield();
  }
  return n;
}

void stw_resume(void) {
  __atomic_store_n(&sl_world_stopper, 0, __ATOMIC_RELEASE);
  __atomic_store_n(&world_stopped, 0, __ATOMIC_RELEASE);
  sys_futex_wake(&world_stopped, 0x7fffffff);
}
