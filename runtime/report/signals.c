/* Deadly-signal reports that coexist with the program's own handlers.
 * Sleuth's handler for the signals it owns (SIGSEGV with handle_segv,
 * SIGBUS with handle_segv and handle_sigbus, SIGILL with handle_sigill,
 * SIGFPE with handle_sigfpe, SIGABRT with handle_abort) stays
 * installed; sigaction() and signal()
 * for those signals are intercepted and only recorded, and the handler
 * forwards a fault to the program's handler when it has one. So a program
 * that handles its own faults keeps doing so, and a fault nobody handles
 * still gets a symbolized report. */
#include <signal.h>
#include <ucontext.h>

#include "fault_guard.h"
#include "guarded.h"
#include "interception.h"
#include "options.h"
#include "report.h"
#include "threads.h"

/* libc's sigaction, found by glibc's own name for it, __sigaction: a
 * sanitizer runtime loaded ahead of libc (UBSan's shared runtime, which
 * sleuth-cc links with -fsanitize=undefined) interposes "sigaction", and
 * before it has initialised, which is after Sleuth's .preinit_array, its
 * version refuses every call. "sigaction" is the fallback for other libcs. */
static int (*real_sigaction)(int, const struct sigaction *, struct sigaction *);
static void resolve_sigaction(void) {
  if (SL_LIKELY(real_sigaction))
    return;
  void *f = dlsym(RTLD_NEXT, "__sigaction");
  if (!f)
    f = dlsym(RTLD_NEXT, "sigaction");
  real_sigaction = (int (*)(int, const struct sigaction *,
                            struct sigaction *))f;
}

/* The signals Sleuth may own, in slot order. */
static const int deadly_sigs[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
#define N_DEADLY ((int)(sizeof deadly_sigs / sizeof deadly_sigs[0]))

static int slot_of_sig(int sig) {
  for (int i = 0; i < N_DEADLY; i++)
    if (deadly_sigs[i] == sig)
      return i;
  return -1;
}

/* Whether the options ask Sleuth to report this signal. */
static int wanted(int sig) {
  switch (sig) {
  case SIGSEGV:
    return sl_opt.handle_segv;
  case SIGBUS: /* handle_segv=0 has always left SIGBUS alone too */
    return sl_opt.handle_segv && sl_opt.handle_sigbus;
  case SIGILL:
    return sl_opt.handle_sigill;
  case SIGFPE:
    return sl_opt.handle_sigfpe;
  case SIGABRT:
    return sl_opt.handle_abort;
  default:
    return 0;
  }
}

static int owned(int sig) { return sleuth_inited && wanted(sig); }

/* What the program asked for, per owned signal. */
static struct sigaction user_action[N_DEADLY];

/* A fault on a quarantined block's protected pages (preloaded runtime):
 * a use after free, reported as one, before the program's handler. */
static int quarantine_fault(int sig, siginfo_t *info, void *ctx) {
  if (sig != SIGSEGV || !sleuth_inited)
    return 0;
  ucontext_t *uc = ctx;
  greg_t *r = uc->uc_mcontext.gregs;
  return allocator_fault_in_quarantine((uptr)info->si_addr,
                                       (r[REG_ERR] & 2) != 0, (uptr)r[REG_RIP],
                                       (uptr)r[REG_RBP], (uptr)r[REG_RSP]);
}

/* A fault on a guard page or a freed guarded slot (guarded.c). */
static int guard_page_fault(int sig, siginfo_t *info, void *ctx) {
  if (sig != SIGSEGV || !sleuth_inited || !guard_on)
    return 0;
  ucontext_t *uc = ctx;
  greg_t *r = uc->uc_mcontext.gregs;
  return guard_fault((uptr)info->si_addr, (r[REG_ERR] & 2) != 0,
                     (uptr)r[REG_RIP], (uptr)r[REG_RBP], (uptr)r[REG_RSP]);
}

/* Deliveries handed to the program's handler and not yet back. A
 * program's handler that calls the previous handler it was given
 * (deadly_handler: the sigaction interceptor shows it as the previous
 * action, as ASan's installed handler would be; libFuzzer chains SIGSEGV
 * to it so) calls it on the same thread with the same ucontext pointer,
 * from deeper on the stack: such a call reports instead of forwarding
 * again. A handler may also leave by siglongjmp and never come back, so
 * a record is only a nested call's when all three match, and a new
 * delivery on the thread replaces the thread's old record. A table, not
 * thread-local storage, which a handler in libsleuth.so could not read
 * safely. */
#define FORWARD_SLOTS 64
static struct forward_record {
  int tid; /* 0: free; only read and written with __atomic builtins */
  void *ctx;
  uptr frame;
} forwarding[FORWARD_SLOTS];

static int forwarded(int tid, void *ctx, uptr frame) {
  for (int i = 0; i < FORWARD_SLOTS; i++)
    if (__atomic_load_n(&forwarding[i].tid, __ATOMIC_ACQUIRE) == tid)
      return forwarding[i].ctx == ctx && frame < forwarding[i].frame;
  return 0;
}

/* The thread's slot (its stale record, or a free one), or -1 when full:
 * then a nested call forwards once more, no worse than without a record. */
static int forward_begin(int tid, void *ctx, uptr frame) {
  int slot = -1;
  for (int i = 0; i < FORWARD_SLOTS && slot < 0; i++)
    if (__atomic_load_n(&forwarding[i].tid, __ATOMIC_ACQUIRE) == tid)
      slot = i;
  for (int i = 0; i < FORWARD_SLOTS && slot < 0; i++) {
    int expect = 0;
    if (__atomic_compare_exchange_n(&forwarding[i].tid, &expect, tid, 0,
                                    __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
      slot = i;
  }
  if (slot >= 0) {
    forwarding[slot].ctx = ctx;
    forwarding[slot].frame = frame;
  }
  return slot;
}

static void deadly_handler(int sig, siginfo_t *info, void *ctx) {
  fault_guard_recover(info); /* a guarded read: does not return */
  if (guard_page_fault(sig, info, ctx) || quarantine_fault(sig, info, ctx))
    return;
  struct sigaction *ua = &user_action[slot_of_sig(sig)];
  int tid = sys_gettid();
  uptr frame = (uptr)__builtin_frame_address(0);
  if (ua->sa_handler != SIG_DFL && ua->sa_handler != SIG_IGN &&
      ua->sa_sigaction != deadly_handler && !forwarded(tid, ctx, frame)) {
    int slot = forward_begin(tid, ctx, frame);
    if (ua->sa_flags & SA_SIGINFO)
      ua->sa_sigaction(sig, info, ctx);
    else
      ua->sa_handler(sig);
    if (slot >= 0)
      __atomic_store_n(&forwarding[slot].tid, 0, __ATOMIC_RELEASE);
    if (ua->sa_flags & SA_RESETHAND)
      ua->sa_handler = SIG_DFL;
    return;
  }
  if (!sl_opt.checker) {
    /* Profile-only mode owns SIGSEGV only for guard pages: any other fault
     * happens again, with the default action, as without Sleuth. */
    struct sigaction dfl;
    __builtin_memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    REAL(sigaction)(sig, &dfl, 0);
    return;
  }
  report_deadly_signal(sig, info, ctx);
}

int signals_real_sigaction(int sig, const struct sigaction *act,
                           struct sigaction *old) {
  RESOLVE(sigaction);
  return REAL(sigaction)(sig, act, old);
}

/* The action that routes a signal to deadly_handler, on the alternate
 * stack (stack overflows), re-entrant (a fault inside the report). */
static void deadly_action(struct sigaction *sa) {
  __builtin_memset(sa, 0, sizeof *sa);
  sa->sa_sigaction = deadly_handler;
  sa->sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&sa->sa_mask);
}

void signals_init(void) {
  RESOLVE(sigaction);
  struct sigaction sa;
  deadly_action(&sa);
  for (int i = 0; i < N_DEADLY; i++) {
    if (!wanted(deadly_sigs[i]))
      continue;
    REAL(sigaction)(deadly_sigs[i], &sa, &user_action[i]);
    /* An action inherited from before init counts as the program's. */
    if (user_action[i].sa_sigaction == deadly_handler)
      user_action[i].sa_handler = SIG_DFL;
  }
}

/* Guarded reads (fault_guard.h) need this handler also when handle_segv=0
 * (or handle_sigbus=0: a read of a truncated file's mapping) or before init: installed for their duration, then the old actions are
 * put back. Only while the other threads are stopped (the leak scan). */
static struct sigaction guard_saved[2];
static int guard_installed;

void signals_guard_begin(void) {
  if (owned(SIGSEGV) && owned(SIGBUS))
    return;
  RESOLVE(sigaction);
  struct sigaction sa;
  deadly_action(&sa);
  REAL(sigaction)(SIGSEGV, &sa, &guard_saved[0]);
  REAL(sigaction)(SIGBUS, &sa, &guard_saved[1]);
  guard_installed = 1;
}

void signals_guard_end(void) {
  if (!guard_installed)
    return;
  guard_installed = 0;
  REAL(sigaction)(SIGSEGV, &guard_saved[0], 0);
  REAL(sigaction)(SIGBUS, &guard_saved[1], 0);
}

/* The previous action shown for an owned signal the program has not
 * handled (or set back to SIG_DFL) is Sleuth's own, as with ASan, whose
 * handler is really installed: a handler that chains to the previous one
 * (libFuzzer's for SIGSEGV) reaches the report, and one that declines
 * to replace an existing handler (libFuzzer's for the other signals)
 * leaves the signal to it. Setting that action back means the default. */
SL_INTERFACE int sigaction(int sig, const struct sigaction *act,
                           struct sigaction *old) {
  RESOLVE(sigaction);
  if (!owned(sig))
    return REAL(sigaction)(sig, act, old);
  struct sigaction *ua = &user_action[slot_of_sig(sig)];
  if (old) {
    *old = *ua;
    if (ua->sa_handler == SIG_DFL && sl_opt.checker)
      deadly_action(old);
  }
  if (act) {
    *ua = *act;
    if (ua->sa_sigaction == deadly_handler)
      ua->sa_handler = SIG_DFL;
  }
  return 0;
}

SL_INTERFACE __sighandler_t signal(int sig, __sighandler_t handler) {
  struct sigaction act, old;
  __builtin_memset(&act, 0, sizeof act);
  act.sa_handler = handler;
  act.sa_flags = SA_RESTART;
  sigemptyset(&act.sa_mask);
  if (sigaction(sig, &act, &old) != 0)
    return SIG_ERR;
  return old.sa_handler;
}
