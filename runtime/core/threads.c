/* Thread records and pthread_create interception: every thread gets a
 * T<n> id, the stack of the pthread_create call that made it, its stack
 * bounds (so the frame-pointer unwinder never leaves the stack), an
 * alternate signal stack (so a stack overflow can still be reported), and
 * an exit hook that returns its allocator cache. */
#include "threads.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>

#include "allocator.h"
#include "fake_stack.h"
#include "globals.h"
#include "heapprof.h"
#include "interception.h"
#include "stackdepot.h"
#include "options.h"
#include "report.h"
#include "unwind.h"

int sl_world_stopper;

#define ALTSTACK_SIZE (64u << 10)

__thread sl_thread *sl_cur_thread __attribute__((tls_model("initial-exec")));
#define cur_thread sl_cur_thread
static sl_thread main_thread;
static spin_t table_lock;
static sl_thread **table;
static uint32_t table_cap;
static uint32_t next_tid = 1;
static pthread_key_t exit_key;

static void table_add(sl_thread *t) {
  spin_lock(&table_lock);
  if (t->tid >= table_cap) {
    uint32_t cap = table_cap ? table_cap * 2 : 64;
    while (cap <= t->tid)
      cap *= 2;
    sl_thread **bigger = irealloc(table, cap * sizeof(*table));
    if (!bigger) {
      /* Memory or mappings exhausted: the thread goes unlisted (the leak
       * scan neither stops nor scans it; its reports still name it). */
      spin_unlock(&table_lock);
      static int said;
      if (!__atomic_exchange_n(&said, 1, __ATOMIC_RELAXED))
        report_raw("WARNING: Sleuth: out of memory for the thread table: "
                   "thread T%u and later ones are not scanned for leaks",
                   t->tid);
      return;
    }
    table = bigger;
    for (uint32_t i = table_cap; i < cap; i++)
      table[i] = 0;
    table_cap = cap;
  }
  table[t->tid] = t;
  spin_unlock(&table_lock);
}

void threads_lock(void) { spin_lock(&table_lock); }
void threads_unlock(void) { spin_unlock(&table_lock); }
sl_thread **threads_table_locked(uint32_t *cap) {
  *cap = table_cap;
  return table;
}

sl_thread *thread_current_or_null(void) { return cur_thread; }

sl_thread *thread_by_tid(uint32_t tid) {
  sl_thread *t = 0;
  spin_lock(&table_lock);
  if (tid < table_cap)
    t = table[tid];
  spin_unlock(&table_lock);
  return t;
}

static void set_altstack(sl_thread *t) {
  t->altstack = sys_map_anon(ALTSTACK_SIZE);
  if (!t->altstack)
    return;
  stack_t ss = {.ss_sp = t->altstack, .ss_size = ALTSTACK_SIZE, .ss_flags = 0};
  sigaltstack(&ss, 0);
}

static void exit_destructor(void *arg) { thread_on_exit(arg); }

void threads_init_main(void) {
  sl_thread *t = &main_thread;
  t->tid = 0;
  t->os_tid = sys_gettid();
  t->live = 1;
  t->tp = (uptr)pthread_self();
  uptr lo = 0, hi = 0, here = (uptr)__builtin_frame_address(0);
  if (sys_mapping_of(here, &lo, &hi, 0) == 1) {
    /* The stack mapping grows down on demand, up to RLIMIT_STACK (the
     * kernel keeps other mappings at least that far away, so coroutine
     * stacks are never mistaken for it); 256 MiB if unlimited. */
    uptr max = 256u << 20;
    struct {
      uint64_t cur, max;
    } rl;
    if (sys_call6(SYS_prlimit64, 0, RLIMIT_STACK, 0, (long)&rl, 0, 0) == 0 &&
        rl.cur < max)
      max = rl.cur > hi - lo ? rl.cur : hi - lo;
    t->stack_hi = hi;
    t->stack_lo = hi > max ? hi - max : 0;
  }
  cur_thread = t;
  table_add(t);
  set_altstack(t);
  pthread_key_create(&exit_key, exit_destructor);
}

static void set_bounds_from_pthread(sl_thread *t) {
  pthread_attr_t attr;
  /* glibc mallocs for the attribute (and frees it in pthread_attr_destroy).
   * A new thread runs this before it is in the table, so a leak scan at
   * that moment would not see the pointers on its stack: those blocks are
   * the runtime's own business, never leaks. */
  t->lsan_disabled++;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    void *addr;
    size_t size;
    if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
      t->stack_lo = (uptr)addr;
      t->stack_hi = (uptr)addr + size;
    }
    pthread_attr_destroy(&attr);
  }
  t->lsan_disabled--;
}

sl_thread *thread_current_slow(void) {
  sl_thread *t = cur_thread;
  if (t)
    return t;
  if (sys_gettid() == sys_getpid())
    return cur_thread = &main_thread;
  /* A thread that started without our pthread_create (or before init). */
  t = ialloc(sizeof *t);
  if (!t) {
    static const char msg[] = "==Sleuth: out of memory for a thread's record "
                              "(memory or vm.max_map_count exhausted)\n";
    sys_write_all(2, msg, sizeof msg - 1);
    sys_exit_group((int)sl_opt.exitcode);
  }
  t->tid = __atomic_fetch_add(&next_tid, 1, __ATOMIC_RELAXED);
  t->os_tid = sys_gettid();
  t->live = 1;
  t->tp = (uptr)pthread_self();
  cur_thread = t;
  table_add(t);
  set_bounds_from_pthread(t);
  /* So that a stack overflow on this thread can be reported too (unless
   * the program gave it a signal stack of its own). */
  stack_t cur;
  if (sigaltstack(0, &cur) == 0 && (cur.ss_flags & SS_DISABLE))
    set_altstack(t);
  return t;
}

void thread_register_unlisted(sl_thread *t, uptr stack_lo, uptr stack_hi) {
  t->os_tid = sys_gettid();
  t->live = 1;
  t->tp = (uptr)pthread_self();
  t->stack_lo = stack_lo;
  t->stack_hi = stack_hi;
  cur_thread = t;
}

void thread_on_exit(sl_thread *t) {
  if (!t)
    return;
  __atomic_store_n(&t->live, 0, __ATOMIC_RELEASE);
  heapprof_thread_exit(&t->hp);
  fake_stack_destroy(t);
  void *cache = t->alloc_cache;
  t->alloc_cache = 0;
  allocator_thread_exit(cache);
  ifree(cache);
  depot_thread_exit(t);
}

void threads_after_fork_child(void) {
  sl_thread *t = thread_current();
  t->os_tid = sys_gettid();
  table_lock.locked = 0;
  /* The parent's other threads do not exist here, but their stacks were
   * copied: the leak scan reads them whole instead of stopping them. */
  for (uint32_t i = 0; i < table_cap; i++)
    if (table[i] && table[i] != t && table[i]->live) {
      table[i]->live = 0;
      table[i]->forked_away = 1;
    }
}

typedef struct start_args {
  void *(*fn)(void *);
  void *arg;
  uint32_t tid, parent, stack;
  struct start_args *next, **prev; /* in `pending` */
  /* The new thread's record, made by the creating thread, so that running
   * out of memory is pthread_create's EAGAIN, not a crash in the thread. */
  sl_thread *rec;
} start_args;

/* Threads created but not yet in the table: their start argument is
 * often the only pointer to a block (a detached thread handed a request),
 * and the leak scan must see it (threads_scan_pending_args_locked) until
 * the new thread's own stack, which then holds it, is scanned. Guarded by
 * table_lock. */
static start_args *pending;

static void pending_add(start_args *sa) {
  spin_lock(&table_lock);
  sa->next = pending;
  sa->prev = &pending;
  if (pending)
    pending->prev = &sa->next;
  pending = sa;
  spin_unlock(&table_lock);
}

static void pending_remove(start_args *sa) {
  spin_lock(&table_lock);
  *sa->prev = sa->next;
  if (sa->next)
    sa->next->prev = sa->prev;
  spin_unlock(&table_lock);
}

void threads_scan_pending_args_locked(void (*scan)(uptr lo, uptr hi)) {
  for (start_args *sa = pending; sa; sa = sa->next)
    scan((uptr)&sa->arg, (uptr)(&sa->arg + 1));
}

static void *thread_start(void *p) {
  start_args sa = *(start_args *)p;
  sl_thread *t = sa.rec;
  t->tid = sa.tid;
  t->parent_tid = sa.parent;
  t->create_stack = sa.stack;
  t->os_tid = sys_gettid();
  t->live = 1;
  t->tp = (uptr)pthread_self();
  cur_thread = t;
  set_bounds_from_pthread(t);
  table_add(t);
  /* Listed now, so the stack holding sa.arg is scanned from here on. */
  pending_remove(p);
  ifree(p);
  set_altstack(t);
  pthread_setspecific(exit_key, t);
  return sa.fn(sa.arg);
}

DECLARE_REAL(int, pthread_create, pthread_t *, const pthread_attr_t *,
             void *(*)(void *), void *)

SL_INTERFACE int pthread_create(pthread_t *th, const pthread_attr_t *attr,
                                void *(*fn)(void *), void *arg) {
  /* First, so the stack's frame #0 is pthread_create itself. */
  uptr pc = CALLER_PC_HERE(), fp = FRAME_HERE();
  ENSURE_INIT();
  RESOLVE(pthread_create);
  /* Strict init-order checking poisons modules that finished their
   * initialisers too: a thread started now may read them while another
   * module initialises, which is no error. ASan stops checking here. */
  if (sl_opt.strict_init_order)
    globals_stop_init_order_checking();
  start_args *sa = ialloc(sizeof *sa);
  sl_thread *rec = sa ? ialloc(sizeof *rec) : 0;
  if (!rec) {
    ifree(sa);
    return EAGAIN; /* as when the system lacks the resources */
  }
  sa->rec = rec;
  sa->fn = fn;
  sa->arg = arg;
  sa->tid = __atomic_fetch_add(&next_tid, 1, __ATOMIC_RELAXED);
  sa->parent = thread_current()->tid;
  sa->stack = stack_capture_id(pc, fp);
  pending_add(sa);
  /* What glibc allocates here for the new thread (its DTV, calloc'ed by
   * the loader) outlives the thread in glibc's stack cache, referenced
   * only from the cached stack's TCB, which is no root: never a leak, also
   * with use_ld_allocations=0, as ASan ignores it. */
  sl_thread *self = thread_current();
  self->lsan_disabled++;
  int r = REAL(pthread_create)(th, attr, thread_start, sa);
  self->lsan_disabled--;
  if (r) {
    pending_remove(sa);
    ifree(sa->rec);
    ifree(sa);
  }
  return r;
}
