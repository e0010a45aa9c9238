/* Suppressions (DESIGN.md §4): `suppressions=FILE`, one rule per line,
 * `KIND:PATTERN`, plus the rules a program compiles in with
 * __lsan_default_suppressions / __asan_default_suppressions. Patterns
 * match as ASan's do (suppression_pattern.h) against the function, source
 * file and module of every frame of a report's stack (the allocation stack
 * for leaks). Kinds: `leak`, the error kinds, and ASan's
 * `interceptor_name`, `interceptor_via_fun`, `interceptor_via_lib`,
 * `odr_violation`. `#` starts a comment. */
#ifndef SLEUTH_SUPPRESSIONS_H
#define SLEUTH_SUPPRESSIONS_H

#include "sys.h"

/* Reads sl_opt.suppressions (if set). On an unreadable file or a malformed
 * line prints one line naming the file and line and exits 1. */
void suppressions_init(void);
/* Whether any rule exists (frames are symbolized only then). */
int suppressions_active(void);
/* Whether a report of `kind` ("leak" for leaks) whose stack is pcs[0..n)
 * is suppressed. pcs[i] are return addresses except pcs[0] when
 * first_is_exact. Symbolizes only when a rule of that kind exists. */
int suppressions_match(const char *kind, const uptr *pcs, int n,
                       int first_is_exact);
/* Same, for a stack-depot id, without counting a hit (growth checks). */
int suppressions_match_stack(const char *kind, uint32_t stack);
/* Whether a leak record (allocation stack, objects, bytes) is suppressed
 * by a `leak:` rule; counts it for suppressions_print_used. */
int suppressions_match_leak(uint32_t stack, uptr objects, uptr bytes);
/* Whether an error found by a libc interceptor is suppressed by ASan's
 * interceptor kinds: `interceptor_name:` against the intercepted
 * function's name (interceptor, e.g. "strcpy"; NULL: taken from the
 * interceptor's frame, pcs[0]), `interceptor_via_lib:` against each
 * frame's module, `interceptor_via_fun:` against each frame's function.
 * The one check the interceptors call; its name stays. Counts a hit. */
int suppressions_interceptor_report(const char *interceptor, const uptr *pcs,
                                    int n);
/* Whether an ODR violation on the global named so is suppressed. */
int suppressions_odr_violation(const char *global_name);
/* LSan's "Suppressions used:" block (each `leak:` rule that matched, with
 * its objects and bytes so far), or nothing when none matched. */
void suppressions_print_used(sbuf_t *b);
/* Error reports suppressed so far. */
int suppressions_error_count(void);
void suppressions_count_error(void);
#endif
