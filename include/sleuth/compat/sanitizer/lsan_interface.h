/* Sleuth's version of <sanitizer/lsan_interface.h>: compiler-rt 14's
 * functions, names and signatures, implemented by Sleuth's leak checker
 * (docs/asan-compat.md). */
#ifndef SANITIZER_LSAN_INTERFACE_H
#define SANITIZER_LSAN_INTERFACE_H

#include <sanitizer/common_interface_defs.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Blocks the calling thread allocates between disable and enable are
 * never reported as leaks (calls nest, per thread). */
void __lsan_disable(void);
void __lsan_enable(void);

/* The heap block at p (its start) is never reported as a leak; what it
 * points to still counts as reachable from it. */
void __lsan_ignore_object(const void *p);

/* [p, p+size) is scanned for pointers as if it were a global (memory the
 * program reaches in ways the scan cannot see, e.g. a mapping). Unregister
 * with exactly the same range. */
void __lsan_register_root_region(const void *p, size_t size);
void __lsan_unregister_root_region(const void *p, size_t size);

/* Leak check now: reports leaks and, if any, exits with exitcode as at
 * exit; runs at most once per process (later calls, and the exit check,
 * do nothing). */
void __lsan_do_leak_check(void);
/* Leak check now, as often as called: prints the report and returns 1 if
 * leaks were found, 0 otherwise; the program continues. */
int __lsan_do_recoverable_leak_check(void);

/* A program may define these (1: skip leak checking; default options;
 * default suppressions). */
int __lsan_is_turned_off(void);
const char *__lsan_default_options(void);
const char *__lsan_default_suppressions(void);

#ifdef __cplusplus
}

namespace __lsan {
/* Blocks allocated while an instance is alive are not leaks. */
class ScopedDisabler {
public:
  ScopedDisabler() { __lsan_disable(); }
  ~ScopedDisabler() { __lsan_enable(); }
};
} // namespace __lsan
#endif
#endif
