/* SanitizerCoverage's trace-pc-guard runtime, as compiler-rt's default one
 * (sanitizer_coverage_libcdep_new.cpp) behaves under ASan: code built with
 * -fsanitize-coverage=trace-pc-guard (or func,trace-pc-guard) numbers its
 * guards at start-up (each module's __sanitizer_cov_trace_pc_guard_init),
 * and the first hit of guard i records the pc of its call in pcs[i - 1].
 * With coverage=1 the pcs are written at exit, and on
 * __sanitizer_cov_dump(), one file per module, <coverage_dir>/<module's
 * file name>.<pid>.sancov: the 64-bit magic 0xC0BFFFFFFFFFFF64, then each
 * pc's offset in its module, sorted; verbosity=1 names each file. Reset
 * (__sanitizer_cov_reset) forgets the pcs recorded so far.
 *
 * The two callbacks stay weak: libFuzzer defines its own, which win. The
 * pc table is reserved address space (one slot per guard, up to
 * SANCOV_MAX_GUARDS), so a module loaded later never moves it under a
 * thread that records a hit. */
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>

#include "options.h"
#include "sancov_guard.h"
#include "report.h"
#include "symbolize.h"
#include "sys.h"

#define SANCOV_WEAK SL_INTERFACE __attribute__((weak))
#define SANCOV_MAX_GUARDS (1u << 24)
#define SANCOV_MAGIC64 0xC0BFFFFFFFFFFF64ULL

static uptr *pcs;        /* pcs[i]: the first pc that hit guard i + 1 */
static uint32_t nguards; /* guards numbered so far */
static spin_t lock;

SANCOV_WEAK void __sanitizer_cov_trace_pc_guard_init(uint32_t *start,
                                                    uint32_t *end) {
  if (start == end || *start)
    return; /* numbered already (a module's constructors run once) */
  spin_lock(&lock);
  if (!pcs) {
    /* sys_mmap returns -errno on failure, not MAP_FAILED. */
    long r = (long)sys_mmap(0, SANCOV_MAX_GUARDS * sizeof(uptr),
                            PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    pcs = r < 0 && r > -4096 ? 0 : (uptr *)r;
  }
  /* Without a table, or past its end, guards stay 0: never recorded. */
  for (uint32_t *g = start; pcs && g < end && nguards < SANCOV_MAX_GUARDS; g++)
    *g = ++nguards;
  spin_unlock(&lock);
}

SANCOV_WEAK void __sanitizer_cov_trace_pc_guard(uint32_t *guard) {
  uint32_t i = *guard;
  if (!i)
    return;
  uptr *slot = &pcs[i - 1];
  if (!*slot)
    *slot = (uptr)__builtin_return_address(0) - 1;
}

SANCOV_WEAK void __sanitizer_cov_reset(void) {
  spin_lock(&lock);
  if (pcs)
    sl_memset(pcs, 0, (size_t)nguards * sizeof(uptr));
  spin_unlock(&lock);
}

static void sort_pcs(uptr *a, size_t n) { /* shell sort: no libc */
  for (size_t gap = n / 2; gap; gap /= 2)
    for (size_t i = gap; i < n; i++)
      for (size_t j = i; j >= gap && a[j - gap] > a[j]; j -= gap) {
        uptr t = a[j];
        a[j] = a[j - gap];
        a[j - gap] = t;
      }
}

/* Writes pcs[0..n) (sorted, all in the module at path, loaded at bias). */
static void write_module(const char *path, uptr bias, const uptr *mod_pcs,
                         size_t n) {
  char name[4096];
  const char *dir = sl_opt.coverage_dir && *sl_opt.coverage_dir
                        ? sl_opt.coverage_dir
                        : ".";
  size_t len = sl_snprintf(name, sizeof name, "%s/%s.%d.sancov", dir,
                           sl_path_base(path), sys_getpid());
  if (len + 1 >= sizeof name)
    return;
  int fd = sys_open(name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0660);
  if (fd < 0) {
    report_raw("ERROR: Sleuth: SanitizerCoverage: cannot create %s "
               "(errno %d)",
               name, -fd);
    return;
  }
  uint64_t buf[512];
  size_t k = 0;
  buf[k++] = SANCOV_MAGIC64;
  for (size_t i = 0; i < n; i++) {
    buf[k++] = mod_pcs[i] - bias;
    if (k == sizeof buf / sizeof buf[0] || i + 1 == n) {
      sys_write_all(fd, buf, k * sizeof buf[0]);
      k = 0;
    }
  }
  if (k) /* the magic alone: no pc */
    sys_write_all(fd, buf, k * sizeof buf[0]);
  sys_close(fd);
  if (sl_opt.verbosity >= 1)
    report_raw("SanitizerCoverage: %s: %zu PCs written", name, n);
}

SANCOV_WEAK void __sanitizer_cov_dump(void) {
  if (!sl_opt.coverage) /* as ASan's: the call writes only with coverage=1 */
    return;
  spin_lock(&lock);
  size_t n = 0;
  uptr *hit = 0;
  if (pcs && nguards) {
    hit = ialloc((size_t)nguards * sizeof(uptr));
    for (uint32_t i = 0; hit && i < nguards; i++)
      if (pcs[i])
        hit[n++] = pcs[i];
  }
  spin_unlock(&lock);
  if (!hit)
    return;
  sort_pcs(hit, n);
  /* Modules are disjoint ranges: a module's pcs are adjacent once sorted. */
  for (size_t i = 0; i < n;) {
    const char *path;
    uptr bias;
    if (!module_for_pc(hit[i], &path, &bias)) {
      i++;
      continue;
    }
    size_t j = i + 1;
    const char *p2;
    uptr b2;
    while (j < n && module_for_pc(hit[j], &p2, &b2) && !sl_strcmp(p2, path))
      j++;
    write_module(path, bias, hit + i, j - i);
    i = j;
  }
  ifree(hit);
}

void sancov_dump_at_exit(void) { __sanitizer_cov_dump(); }
