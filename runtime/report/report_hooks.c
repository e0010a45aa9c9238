/* The report side of ASan's interface (asan_interface.h): a program's
 * __asan_on_error, __asan_set_error_report_callback and death callbacks,
 * and __asan_get_report_* for the last report. The facts are written under
 * the report lock and read by the callbacks, which run on the reporting
 * thread; another thread reading them meanwhile may see a mix, as in ASan. */
#include "report_hooks.h"

static struct {
  int present;
  const char *kind;
  uptr pc, bp, sp, addr, size;
  int is_write;
} last;

static void (*report_callback)(const char *);
static void (*death_callback)(void);

/* A program may define its own (a strong definition wins). */
SL_INTERFACE __attribute__((weak)) void __asan_on_error(void) {}

void report_hooks_begin(const char *kind) {
  last.present = 1;
  last.kind = kind;
  last.pc = last.bp = last.sp = last.addr = last.size = 0;
  last.is_write = 0;
}

void report_hooks_on_error(void) { __asan_on_error(); }

void report_hooks_address(uptr addr) { last.addr = addr; }

void report_hooks_access(uptr pc, uptr bp, uptr sp, uptr addr, int is_write,
                         uptr size) {
  last.pc = pc;
  last.bp = bp;
  last.sp = sp;
  last.addr = addr;
  last.is_write = is_write;
  last.size = size;
}

void report_hooks_written(const char *text, size_t len) {
  void (*cb)(const char *) =
      __atomic_load_n(&report_callback, __ATOMIC_ACQUIRE);
  if (!cb)
    return;
  /* The callback wants a C string; the report buffer is not terminated. */
  char *copy = (char *)text;
  if (len && text[len - 1] != '\0') {
    copy = ialloc(len + 1);
    if (!copy)
      return;
    sl_memcpy(copy, text, len);
    copy[len] = '\0';
  }
  cb(copy);
  if (copy != text)
    ifree(copy);
}

void report_hooks_death(void) {
  void (*cb)(void) = __atomic_load_n(&death_callback, __ATOMIC_ACQUIRE);
  if (cb)
    cb();
}

SL_INTERFACE void __asan_set_error_report_callback(void (*cb)(const char *)) {
  __atomic_store_n(&report_callback, cb, __ATOMIC_RELEASE);
}
SL_INTERFACE void __asan_set_death_callback(void (*cb)(void)) {
  __atomic_store_n(&death_callback, cb, __ATOMIC_RELEASE);
}
SL_INTERFACE void __sanitizer_set_death_callback(void (*cb)(void)) {
  __asan_set_death_callback(cb);
}

SL_INTERFACE int __asan_report_present(void) { return last.present; }
SL_INTERFACE void *__asan_get_report_pc(void) { return (void *)last.pc; }
SL_INTERFACE void *__asan_get_report_bp(void) { return (void *)last.bp; }
SL_INTERFACE void *__asan_get_report_sp(void) { return (void *)last.sp; }
SL_INTERFACE void *__asan_get_report_address(void) { return (void *)last.addr; }
SL_INTERFACE int __asan_get_report_access_type(void) { return last.is_write; }
SL_INTERFACE size_t __asan_get_report_access_size(void) { return last.size; }
SL_INTERFACE const char *__asan_get_report_description(void) {
  return last.kind;
}
