/* What ASan's interface lets a program see of the error reports
 * (report_hooks.c): the last report's facts, a callback given each
 * report's text, a death callback, and __asan_on_error. */
#ifndef SLEUTH_REPORT_HOOKS_H
#define SLEUTH_REPORT_HOOKS_H

#include "sys.h"

/* At the start of each report (report lock held): forgets the previous
 * report's access. */
void report_hooks_begin(const char *kind);
/* An access error's facts (report_access_site). */
void report_hooks_access(uptr pc, uptr bp, uptr sp, uptr addr, int is_write,
                         uptr size);
/* A double free's address, which ASan's __asan_get_report_address gives. */
void report_hooks_address(uptr addr);
/* Once the report's facts are known, before its text is written: the
 * program's __asan_on_error (as ASan calls it), which may read them. */
void report_hooks_on_error(void);
/* After the report's text was written: the error report callback. */
void report_hooks_written(const char *text, size_t len);
/* Just before the process exits because of an error: the death callback. */
void report_hooks_death(void);
#endif
