/* Error reports (DESIGN.md §3). A report is built in one buffer under a
 * lock and written with one write, so reports from concurrent threads never
 * interleave; then the process stops (halt_on_error=1) or, with
 * halt_on_error=0, goes on after printing each distinct site once. */
#include "report.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <ucontext.h>

#include "allocator.h"
#include "globals.h"
#include "leak.h"
#include "options.h"
#include "pools.h"
#include "redzone_pattern.h"
#include "shadow.h"
#include "stackdepot.h"
#include "suppressions.h"
#include "symbolize.h"
#include "threads.h"
#include "unwind.h"

#define MAX_FRAMES 64
#define SEEN_SITES 1024

static spin_t report_lock;
static int reporting_tid;
static char rbuf[256 << 10];
static int error_count;
static int log_fd = -1, log_pid;
static uptr seen[SEEN_SITES];

int report_error_count(void) {
  return __atomic_load_n(&error_count, __ATOMIC_RELAXED);
}

/* The report destination: stderr, or <log_path>.<pid> opened per process. */
static int out_fd(void) {
  const char *lp = sl_opt.log_path;
  if (!lp || !*lp || !sl_strcmp(lp, "stderr"))
    return 2;
  if (!sl_strcmp(lp, "stdout"))
    return 1;
  int pid = sys_getpid();
  if (log_fd >= 0 && log_pid == pid)
    return log_fd;
  char path[4096];
  sl_snprintf(path, sizeof path, "%s.%d", lp, pid);
  int fd = sys_open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0) {
    char msg[4200];
    size_t n = sl_snprintf(msg, sizeof msg,
                           "==%d==ERROR: Sleuth: cannot open log_path file "
                           "'%s' (errno %d); writing to stderr\n",
                           pid, path, -fd);
    sys_write_all(2, msg, n);
    fd = 2;
  }
  log_fd = fd;
  log_pid = pid;
  return fd;
}

void report_write(const char *buf, size_t n) {
  sys_write_all(out_fd(), buf, n);
}

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
  sys_write_all(out_fd(), b.buf, b.len);
}

/* ---- building a report ---------------------------------------------- */

typedef struct {
  sbuf_t b;
  const char *kind;
  uptr site; /* dedup key for halt_on_error=0 */
  uint32_t threads[4];
  int nthreads;
} report_t;

/* halt_on_error=0 reports a site once: a source location (unrolled or
 * duplicated code has several pcs for one line), or the pc without one. */
static uptr site_key(uptr pc) {
  sl_frame_info fi[8];
  int n = symbolize_pc(pc - 1, fi, 8);
  if (n <= 0 || !fi[0].file || !fi[0].line)
    return pc;
  uint64_t h = 0xcbf29ce484222325ull;
  for (const char *c = fi[0].file; *c; c++)
    h = (h ^ (uint8_t)*c) * 0x100000001b3ull;
  h = (h ^ (uint64_t)fi[0].line) * 0x100000001b3ull;
  h = (h ^ (uint64_t)fi[0].column) * 0x100000001b3ull;
  return (uptr)(h | 1);
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
    if (!suppressions_match(kind, pcs, n, exact))
      return 0;
    __atomic_store_n(&suppressed_cache[slot], key, __ATOMIC_RELAXED);
  }
  suppressions_count_error();
  return 1;
}

static int suppressed_id(const char *kind, uint32_t stack) {
  if (SL_LIKELY(!suppressions_active()))
    return 0;
  uptr pcs[DEPOT_MAX_FRAMES];
  int n = depot_get(stack, pcs, DEPOT_MAX_FRAMES);
  return suppressed(kind, pcs, n, 0);
}

static int begin(report_t *r, const char *kind, uptr site) {
  int tid = sys_gettid();
  if (__atomic_load_n(&reporting_tid, __ATOMIC_RELAXED) == tid) {
    /* An error while reporting an error: say so and stop. */
    static const char msg[] = "==Sleuth: nested error while reporting; "
                              "aborting\n";
    sys_write_all(2, msg, sizeof msg - 1);
    sys_exit_group((int)sl_opt.exitcode);
  }
  spin_lock(&report_lock);
  reporting_tid = tid;
  if (!sl_opt.halt_on_error && site) {
    uptr key = site_key(site) ^ (uptr)kind;
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
  r->kind = kind;
  r->site = site;
  r->nthreads = 0;
  sbuf_init(&r->b, rbuf, sizeof rbuf);
  sbuf_puts(&r->b, "================================================"
                   "=================\n");
  sbuf_printf(&r->b, "==%d==ERROR: Sleuth: %s", sys_getpid(), kind);
  return 1;
}

static void note_thread(report_t *r, uint32_t tid) {
  if (tid == 0)
    return;
  for (int i = 0; i < r->nthreads; i++)
    if (r->threads[i] == tid)
      return;
  if (r->nthreads < 4)
    r->threads[r->nthreads++] = tid;
}

static void put_stack_id(report_t *r, uint32_t id) {
  uptr pcs[DEPOT_MAX_FRAMES];
  int n = depot_get(id, pcs, DEPOT_MAX_FRAMES);
  if (n == 0)
    sbuf_puts(&r->b, "    <empty stack>\n");
  else
    print_stack(&r->b, pcs, n, 0);
}

static void put_summary(report_t *r, uptr pc, int exact) {
  sbuf_printf(&r->b, "SUMMARY: Sleuth: %s", r->kind);
  sl_frame_info fi[8];
  int n = pc ? symbolize_pc(exact ? pc : pc - 1, fi, 8) : 0;
  if (n > 0 && fi[0].file) {
    sbuf_printf(&r->b, " %s", fi[0].file);
    if (fi[0].line) {
      sbuf_printf(&r->b, ":%d", fi[0].line);
      if (fi[0].column)
        sbuf_printf(&r->b, ":%d", fi[0].column);
    }
  } else if (pc) {
    const char *mod;
    uptr bias;
    if (module_for_pc(pc, &mod, &bias))
      sbuf_printf(&r->b, " (%s+0x%lx)", mod, (unsigned long)(pc - bias));
  }
  if (n > 0 && fi[0].function)
    sbuf_printf(&r->b, " in %s", fi[0].function);
  sbuf_putc(&r->b, '\n');
}

/* The frame a SUMMARY names: the first one outside the allocator entry. */
static uptr summary_pc_of(uint32_t stack) {
  uptr pcs[2];
  int n = depot_get(stack, pcs, 2);
  return n > 1 ? pcs[1] : n == 1 ? pcs[0] : 0;
}

static void put_threads(report_t *r) {
  for (int i = 0; i < r->nthreads; i++) {
    sl_thread *t = thread_by_tid(r->threads[i]);
    if (!t)
      continue;
    sbuf_printf(&r->b, "Thread T%u created by T%u here:\n", t->tid,
                t->parent_tid);
    put_stack_id(r, t->create_stack);
    sbuf_putc(&r->b, '\n');
  }
}

static void flush_and_finish(report_t *r, int fatal) {
  __atomic_fetch_add(&error_count, 1, __ATOMIC_RELAXED);
  int fd = out_fd();
  sys_write_all(fd, r->b.buf, r->b.len);
  reporting_tid = 0;
  if (fatal || sl_opt.halt_on_error) {
    static const char tail[] = "ABORTING\n";
    char pre[32];
    size_t n = sl_snprintf(pre, sizeof pre, "==%d==", sys_getpid());
    sys_write_all(fd, pre, n);
    sys_write_all(fd, tail, sizeof tail - 1);
    sys_exit_group((int)sl_opt.exitcode);
  }
  spin_unlock(&report_lock);
}

/* ---- describing addresses -------------------------------------------- */

static const char *alloc_type_name(int t) {
  return t == AT_NEW ? "operator new" : t == AT_NEW_ARRAY ? "operator new []" : "malloc";
}
static const char *dealloc_type_name(int t) {
  return t == AT_NEW ? "operator delete"
         : t == AT_NEW_ARRAY ? "operator delete []"
                             : "free";
}

static void describe_chunk(report_t *r, uptr addr, const chunk_info *ci) {
  uptr end = ci->user_beg + ci->size;
  sbuf_printf(&r->b, "%p is located ", (void *)addr);
  if (addr < ci->user_beg)
    sbuf_printf(&r->b, "%lu bytes before", (unsigned long)(ci->user_beg - addr));
  else if (addr >= end)
    sbuf_printf(&r->b, "%lu bytes after", (unsigned long)(addr - end));
  else
    sbuf_printf(&r->b, "%lu bytes inside of", (unsigned long)(addr - ci->user_beg));
  sbuf_printf(&r->b, " %lu-byte region [%p,%p)\n", (unsigned long)ci->size,
              (void *)ci->user_beg, (void *)end);
  if (ci->state == CHUNK_ALLOCATED) {
    sbuf_printf(&r->b, "allocated by thread T%u here:\n", ci->alloc_tid);
    put_stack_id(r, ci->alloc_stack);
  } else {
    sbuf_printf(&r->b, "freed by thread T%u here:\n", ci->free_tid);
    put_stack_id(r, ci->free_stack);
    sbuf_printf(&r->b, "\npreviously allocated by thread T%u here:\n",
                ci->alloc_tid);
    put_stack_id(r, ci->alloc_stack);
    note_thread(r, ci->free_tid);
  }
  note_thread(r, ci->alloc_tid);
  sbuf_putc(&r->b, '\n');
}

static void describe_address(report_t *r, uptr addr) {
  chunk_info ci;
  if (pools_describe(addr, &ci)) { /* pool blocks sit inside heap blocks */
    describe_chunk(r, addr, &ci);
    return;
  }
  if (allocator_describe(addr, &ci)) {
    describe_chunk(r, addr, &ci);
    return;
  }
  sl_thread *t = thread_current();
  if (stack_describe(&r->b, addr, t->stack_lo, t->stack_hi, t->tid))
    return;
  if (t->stack_hi && addr >= t->stack_lo && addr < t->stack_hi) {
    sbuf_printf(&r->b, "Address %p is located in stack of thread T%u\n\n",
                (void *)addr, t->tid);
    return;
  }
  if (globals_describe(&r->b, addr)) {
    sbuf_putc(&r->b, '\n');
    return;
  }
  const char *mod;
  uptr bias;
  if (module_for_pc(addr, &mod, &bias)) {
    sbuf_printf(&r->b, "Address %p is located in the data of module %s\n\n",
                (void *)addr, mod);
    return;
  }
  sbuf_printf(&r->b, "Address %p is a wild pointer.\n\n", (void *)addr);
}

static void put_shadow_row(report_t *r, uptr row, uptr mark) {
  sbuf_printf(&r->b, "%s%p:", row == (mark & ~(uptr)15) ? "=>" : "  ",
              (void *)row);
  for (uptr s = row; s < row + 16; s++) {
    uint8_t v = *(uint8_t *)s;
    const char *l = s == mark ? "[" : s == mark + 1 ? "]" : " ";
    sbuf_printf(&r->b, "%s%x%x", l, v >> 4, v & 15);
  }
  sbuf_puts(&r->b, mark == row + 15 ? "]\n" : "\n");
}

static void put_shadow_dump(report_t *r, uptr addr) {
  if (!shadow_is_app_mem(addr))
    return;
  uptr mark = MEM_TO_SHADOW(addr), row = mark & ~(uptr)15;
  sbuf_puts(&r->b, "Shadow bytes around the buggy address:\n");
  for (int i = -5; i <= 4; i++) {
    uptr rw = row + (uptr)(i * 16);
    if (!shadow_is_app_mem((rw - SLEUTH_SHADOW_OFFSET) << 3))
      continue;
    put_shadow_row(r, rw, mark);
  }
  sbuf_puts(&r->b,
            "Shadow byte legend (one shadow byte represents 8 application "
            "bytes):\n"
            "  Addressable:           00\n"
            "  Partially addressable: 01 02 03 04 05 06 07 \n"
            "  Heap redzone:          fa\n"
            "  Freed heap region:     fd\n"
            "  Stack left redzone:    f1\n"
            "  Stack mid redzone:     f2\n"
            "  Stack right redzone:   f3\n"
            "  Stack after return:    f5\n"
            "  Stack use after scope: f8\n"
            "  Global redzone:        f9\n"
            "  Poisoned by user:      f7\n"
            "  Pool redzone:          fc\n"
            "  Left alloca redzone:   ca\n"
            "  Right alloca redzone:  cb\n");
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
    return "heap-buffer-overflow";
  case SH_USER_POISONED:
    return "use-after-poison";
  default:
    return "unknown-crash";
  }
}

/* The error stack: DWARF unwinding from the faulting frame (handles frames
 * without frame pointers), falling back to the frame-pointer chain. */
static int error_stack(uptr *pcs, uptr pc, uptr bp) {
  int n = unwind_slow(pcs, MAX_FRAMES, pc);
  if (n > 0)
    return n;
  pcs[0] = pc;
  return 1 + unwind_fast(pcs + 1, MAX_FRAMES - 1, bp);
}

void report_access(uptr addr, uptr size, int is_write, uptr pc, uptr bp,
                   uptr sp) {
  report_access_site(addr, size, is_write, pc, bp, sp, pc);
}

void report_access_site(uptr addr, uptr size, int is_write, uptr pc, uptr bp,
                        uptr sp, uptr site) {
  uptr bad = shadow_is_app_mem(addr) ? shadow_first_poisoned(addr, size) : 0;
  if (!bad)
    bad = addr;
  const char *kind =
      shadow_is_app_mem(bad) ? kind_of_shadow(bad) : "unknown-crash";
  /* Range checks (mem intrinsics, hoisted loop checks) name the first bad
   * byte, as ASan's interceptors do; a single access names its start. */
  uptr shown = size > 16 ? bad : addr;
  uptr pcs[MAX_FRAMES];
  int n = error_stack(pcs, pc, bp);
  if (suppressed(kind, pcs, n, 0))
    return;
  report_t r;
  if (!begin(&r, kind, site))
    return;
  sl_thread *t = thread_current();
  sbuf_printf(&r.b, " on address %p at pc %p bp %p sp %p\n", (void *)shown,
              (void *)pc, (void *)bp, (void *)sp);
  sbuf_printf(&r.b, "%s of size %lu at %p thread T%u\n",
              is_write ? "WRITE" : "READ", (unsigned long)size, (void *)shown,
              t->tid);
  note_thread(&r, t->tid);
  print_stack(&r.b, pcs, n, 0);
  sbuf_putc(&r.b, '\n');
  describe_address(&r, bad);
  put_threads(&r);
  put_shadow_dump(&r, bad);
  put_summary(&r, pc, 0);
  flush_and_finish(&r, 0);
}

void report_param_overlap(const char *func, uptr a, size_t an, uptr b2,
                          size_t bn, uptr pc, uptr bp, uptr site) {
  char kind[64];
  sl_snprintf(kind, sizeof kind, "%s-param-overlap", func);
  uptr pcs[MAX_FRAMES];
  int n = error_stack(pcs, pc, bp);
  if (suppressed(kind, pcs, n, 0))
    return;
  report_t r;
  if (!begin(&r, kind, site))
    return;
  sbuf_printf(&r.b, ": memory ranges [%p,%p) and [%p, %p) overlap\n",
              (void *)a, (void *)(a + an), (void *)b2, (void *)(b2 + bn));
  print_stack(&r.b, pcs, n, 0);
  sbuf_putc(&r.b, '\n');
  put_summary(&r, pc, 0);
  flush_and_finish(&r, 0);
}

/* ---- allocator errors ------------------------------------------------ */

static void allocator_error_tail(report_t *r, uint32_t stack) {
  put_stack_id(r, stack);
  sbuf_putc(&r->b, '\n');
}

void report_bad_free(uptr addr, uint32_t stack) {
  report_t r;
  if (suppressed_id("bad-free", stack) ||
      !begin(&r, "bad-free", summary_pc_of(stack)))
    return;
  sbuf_printf(&r.b,
              ": attempting free on address which was not malloc()-ed: %p "
              "in thread T%u\n",
              (void *)addr, thread_current()->tid);
  allocator_error_tail(&r, stack);
  describe_address(&r, addr);
  put_threads(&r);
  put_summary(&r, summary_pc_of(stack), 0);
  flush_and_finish(&r, 0);
}

void report_double_free(uptr addr, uint32_t stack) {
  report_t r;
  if (suppressed_id("double-free", stack) ||
      !begin(&r, "double-free", summary_pc_of(stack)))
    return;
  sbuf_printf(&r.b, ": attempting double-free on %p in thread T%u:\n",
              (void *)addr, thread_current()->tid);
  allocator_error_tail(&r, stack);
  chunk_info ci;
  if (pools_describe(addr, &ci) ||
      (allocator_describe(addr, &ci) && ci.state != CHUNK_AVAILABLE))
    describe_chunk(&r, addr, &ci);
  else
    sbuf_printf(&r.b, "%p was freed long ago; its block has been reused "
                      "or recycled (raise quarantine_size_mb for its "
                      "stacks).\n\n", (void *)addr);
  put_threads(&r);
  put_summary(&r, summary_pc_of(stack), 0);
  flush_and_finish(&r, 0);
}

void report_alloc_dealloc_mismatch(uptr addr, int alloc_type, int dealloc_type,
                                   uint32_t stack) {
  report_t r;
  if (suppressed_id("alloc-dealloc-mismatch", stack) ||
      !begin(&r, "alloc-dealloc-mismatch", summary_pc_of(stack)))
    return;
  sbuf_printf(&r.b, " (%s vs %s) on %p\n", alloc_type_name(alloc_type),
              dealloc_type_name(dealloc_type), (void *)addr);
  allocator_error_tail(&r, stack);
  chunk_info ci;
  if (allocator_describe(addr, &ci)) {
    /* The block is being freed: show where it came from. */
    ci.state = CHUNK_ALLOCATED;
    describe_chunk(&r, addr, &ci);
  }
  put_threads(&r);
  put_summary(&r, summary_pc_of(stack), 0);
  sbuf_puts(&r.b, "==HINT: if you do not care about these errors you may "
                  "set SLEUTH_OPTIONS=alloc_dealloc_mismatch=0\n");
  flush_and_finish(&r, 0);
}

void report_new_delete_type_mismatch(uptr addr, size_t alloc_size,
                                     size_t dealloc_size, uint32_t stack) {
  report_t r;
  if (suppressed_id("new-delete-type-mismatch", stack) ||
      !begin(&r, "new-delete-type-mismatch", summary_pc_of(stack)))
    return;
  sbuf_printf(&r.b,
              " on %p in thread T%u:\n  object passed to delete has wrong "
              "type:\n  size of the allocated type:   %lu bytes;\n  size of "
              "the deallocated type: %lu bytes.\n",
              (void *)addr, thread_current()->tid, (unsigned long)alloc_size,
              (unsigned long)dealloc_size);
  allocator_error_tail(&r, stack);
  chunk_info ci;
  if (allocator_describe(addr, &ci)) {
    ci.state = CHUNK_ALLOCATED;
    describe_chunk(&r, addr, &ci);
  }
  put_threads(&r);
  put_summary(&r, summary_pc_of(stack), 0);
  flush_and_finish(&r, 0);
}

/* Uninstrumented code's overflow, seen afterwards in the redzone bytes
 * (DESIGN.md §3): the free (or, at exit, the allocation) is the main
 * stack. */
void report_redzone_corrupted(uptr bad, const chunk_info *ci,
                              uint32_t free_stack) {
  uint32_t stack = free_stack ? free_stack : ci->alloc_stack;
  report_t r;
  if (suppressed_id("heap-buffer-overflow", stack) ||
      !begin(&r, "heap-buffer-overflow", summary_pc_of(stack)))
    return;
  sl_thread *t = thread_current();
  if (free_stack) {
    sbuf_printf(&r.b, " on address %p, detected when the block was freed\n"
                      "redzone byte(s) overwritten; the block was freed by "
                      "thread T%u here:\n",
                (void *)bad, t->tid);
    note_thread(&r, t->tid);
    put_stack_id(&r, free_stack);
  } else {
    sbuf_printf(&r.b, " on address %p, detected at exit\nredzone byte(s) "
                      "overwritten next to a block still allocated\n",
                (void *)bad);
  }
  sbuf_putc(&r.b, '\n');
  describe_chunk(&r, bad, ci);
  put_threads(&r);
  put_summary(&r, summary_pc_of(stack), 0);
  flush_and_finish(&r, 0);
}

/* The end of the reports for requests the allocator cannot satisfy. */
static void finish_limit_report(report_t *r, uint32_t stack, int fatal) {
  allocator_error_tail(r, stack);
  put_summary(r, summary_pc_of(stack), 0);
  sbuf_puts(&r->b, "==HINT: if you don't care about these errors you may "
                   "set SLEUTH_OPTIONS=allocator_may_return_null=1\n");
  flush_and_finish(r, fatal);
}

void report_calloc_overflow(size_t n, size_t size, uint32_t stack) {
  report_t r;
  if (suppressed_id("calloc-overflow", stack) ||
      !begin(&r, "calloc-overflow", summary_pc_of(stack)))
    return;
  sbuf_printf(&r.b,
              ": calloc parameters overflow: count * size (%lu * %lu) cannot "
              "be represented in type size_t (thread T%u)\n",
              (unsigned long)n, (unsigned long)size, thread_current()->tid);
  finish_limit_report(&r, stack, 0);
}

void report_allocation_size_too_big(size_t size, size_t max, uint32_t stack) {
  report_t r;
  if (suppressed_id("allocation-size-too-big", stack) ||
      !begin(&r, "allocation-size-too-big", summary_pc_of(stack)))
    return;
  sbuf_printf(&r.b,
              ": requested allocation size 0x%lx exceeds maximum supported "
              "size of 0x%lx (thread T%u)\n",
              (unsigned long)size, (unsigned long)max, thread_current()->tid);
  finish_limit_report(&r, stack, 0);
}

void report_out_of_memory(size_t size, uint32_t stack) {
  report_t r;
  if (suppressed_id("out-of-memory", stack) ||
      !begin(&r, "out-of-memory", summary_pc_of(stack)))
    return;
  sbuf_printf(&r.b,
              ": allocator is trying to allocate 0x%lx bytes (thread T%u)\n",
              (unsigned long)size, thread_current()->tid);
  /* Running out of memory is not something to continue from. */
  finish_limit_report(&r, stack, 1);
}

/* ---- deadly signals --------------------------------------------------- */

int signals_real_sigaction(int sig, const struct sigaction *act,
                           struct sigaction *old);

void report_deadly_signal(int sig, void *vinfo, void *vctx) {
  siginfo_t *info = vinfo;
  ucontext_t *uc = vctx;
  uptr pc = (uptr)uc->uc_mcontext.gregs[REG_RIP];
  uptr bp = (uptr)uc->uc_mcontext.gregs[REG_RBP];
  uptr sp = (uptr)uc->uc_mcontext.gregs[REG_RSP];
  uptr addr = (uptr)info->si_addr;
  const char *kind = sig == SIGBUS ? "BUS" : sig == SIGFPE ? "FPE" : "SEGV";
  uptr pcs[MAX_FRAMES];
  int n = unwind_slow(pcs, MAX_FRAMES, pc);
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
  report_t r;
  begin(&r, kind, 0);
  sl_thread *t = thread_current();
  sbuf_printf(&r.b, " on unknown address %p (pc %p bp %p sp %p T%u)\n",
              (void *)addr, (void *)pc, (void *)bp, (void *)sp, t->tid);
  if (sig == SIGSEGV) {
    int is_write = (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0;
    sbuf_printf(&r.b, "==%d==The signal is caused by a %s memory access.\n",
                sys_getpid(), is_write ? "WRITE" : "READ");
    if (addr < 4096)
      sbuf_printf(&r.b, "==%d==Hint: address points to the zero page.\n",
                  sys_getpid());
    else if (t->stack_hi && addr < t->stack_lo + 65536 && addr + 65536 > t->stack_lo)
      sbuf_printf(&r.b, "==%d==Hint: stack overflow?\n", sys_getpid());
  }
  note_thread(&r, t->tid);
  print_stack(&r.b, pcs, n, 1);
  sbuf_putc(&r.b, '\n');
  put_threads(&r);
  sbuf_puts(&r.b, "Sleuth can not provide additional info.\n");
  put_summary(&r, pc, 1);
  flush_and_finish(&r, 1);
}

void report_at_exit(void) {
  /* exit() flushes stdio after the atexit handlers; flush the program's
   * output first so it comes before a leak report, as it was written. */
  if (sl_opt.detect_leaks)
    fflush(0);
  if (rz_pattern_on)
    rz_pattern_check_live_blocks();
  int leaks_fail = leak_check_at_exit();
  if (suppressions_error_count())
    report_raw("Sleuth: suppressed: %d error report(s)",
               suppressions_error_count());
  if ((report_error_count() && !sl_opt.halt_on_error) || leaks_fail) {
    /* _exit would not flush stdio; exit() would run these handlers again. */
    fflush(0);
    sys_exit_group((int)sl_opt.exitcode);
  }
}
