/* Suppressions (DESIGN.md §4): `suppressions=FILE`, one rule per line,
 * `leak:PATTERN` or `<kind>:PATTERN` with `*` wildcards, matched against
 * the function, source file and module of every frame of a report's stack
 * (the allocation stack for leaks). `#` starts a comment. */
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
/* Same, for a stack-depot id. */
int suppressions_match_stack(const char *kind, uint32_t stack);
/* Error reports suppressed so far. */
int suppressions_error_count(void);
void suppressions_count_error(void);
#endif
