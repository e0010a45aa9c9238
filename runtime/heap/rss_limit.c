/* hard_rss_limit_mb and soft_rss_limit_mb, as ASan's options. ASan polls
 * the resident set from a background thread; Sleuth has no thread of its
 * own (none to stop for leak scans, none to lose at fork), so the resident
 * set is read when the allocator is about to map memory, at most once per
 * RSS_STEP newly mapped bytes (and at every mapping while past the soft
 * limit, to see it fall back). Growth the allocator does not map itself
 * (the program's own mmap, thread stacks) is seen at its next mapping.
 *
 * Past the hard limit the process reports and exits, as ASan's does. Past
 * the soft limit, an allocation that needs a new mapping fails: NULL with
 * allocator_may_return_null=1, else an rss-limit-exceeded report; blocks
 * the allocator already holds are still handed out, and once resident
 * memory is under the limit again allocations succeed again. */
#include "rss_limit.h"

#include <fcntl.h>

#include "options.h"
#include "report.h"
#include "sys.h"

#define RSS_STEP ((size_t)1 << 20)

static size_t next_check;
static int over_soft;
static int refused;

/* Resident megabytes from /proc/self/statm (second field, in pages), or
 * 0 if it cannot be read. */
static size_t resident_mb(void) {
  int fd = sys_open("/proc/self/statm", O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    return 0;
  char buf[128];
  long n = sys_read(fd, buf, sizeof buf - 1);
  sys_close(fd);
  if (n <= 0)
    return 0;
  buf[n] = 0;
  const char *p = buf;
  while (*p && *p != ' ')
    p++;
  size_t pages = 0;
  for (p++; *p >= '0' && *p <= '9'; p++)
    pages = pages * 10 + (size_t)(*p - '0');
  return pages >> (20 - 12);
}

int rss_limit_allow(size_t mapped) {
  size_t hard = (size_t)sl_opt.hard_rss_limit_mb,
         soft = (size_t)sl_opt.soft_rss_limit_mb;
  if (SL_LIKELY(!hard && !soft))
    return 1;
  int over = __atomic_load_n(&over_soft, __ATOMIC_RELAXED);
  if (!over && mapped < __atomic_load_n(&next_check, __ATOMIC_RELAXED))
    return 1;
  __atomic_store_n(&next_check, mapped + RSS_STEP, __ATOMIC_RELAXED);
  size_t rss = resident_mb();
  if (hard && rss > hard) {
    report_raw("ERROR: Sleuth: hard rss limit exhausted (%luMb vs %luMb)",
               (unsigned long)hard, (unsigned long)rss);
    sys_exit_group((int)sl_opt.exitcode);
  }
  over = soft && rss > soft;
  __atomic_store_n(&over_soft, over, __ATOMIC_RELAXED);
  if (over)
    __atomic_store_n(&refused, 1, __ATOMIC_RELAXED);
  return !over;
}

int rss_limit_take_refusal(void) {
  return __atomic_exchange_n(&refused, 0, __ATOMIC_RELAXED);
}
