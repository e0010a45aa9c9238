/* Error reports (DESIGN.md §3). Each function prints one complete report,
 * then either stops the process (halt_on_error=1) or returns. Stacks are
 * stack-depot ids captured where the error was seen. */
#ifndef SLEUTH_REPORT_H
#define SLEUTH_REPORT_H

#include "allocator.h"
#include "sys.h"

void report_access(uptr addr, uptr size, int is_write, uptr pc, uptr bp,
                   uptr sp);
/* The same, with the pc that names the error site for halt_on_error=0's
 * report-once rule when it is not pc: for a libc interceptor, the
 * program's call rather than the interceptor. */
void report_access_site(uptr addr, uptr size, int is_write, uptr pc, uptr bp,
                        uptr sp, uptr site);
void report_bad_free(uptr addr, uint32_t stack);
void report_double_free(uptr addr, uint32_t stack);
void report_alloc_dealloc_mismatch(uptr addr, int alloc_type,
                                   int dealloc_type, uint32_t stack);
void report_new_delete_type_mismatch(uptr addr, size_t alloc_size,
                                     size_t dealloc_size, uint32_t stack);
/* A block's redzone bytes were found overwritten (redzone_pattern.h): bad
 * is the first such byte, ci the block; free_stack is where it was being
 * freed, or 0 when found at exit. */
void report_redzone_corrupted(uptr bad, const chunk_info *ci,
                              uint32_t free_stack);
void report_calloc_overflow(size_t n, size_t size, uint32_t stack);
void report_allocation_size_too_big(size_t size, size_t max, uint32_t stack);
void report_out_of_memory(size_t size, uint32_t stack);
void report_param_overlap(const char *func, uptr a, size_t an, uptr b,
                          size_t bn, uptr pc, uptr bp, uptr site);
/* From the SEGV/SIGBUS handler: ctx is the ucontext_t. */
void report_deadly_signal(int sig, void *info, void *ctx);

/* Writes a runtime message line ("==PID==" prefix added) to the log. */
void report_raw(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Writes buf to the report destination (stderr or log_path.<pid>). */
void report_write(const char *buf, size_t n);
/* Number of error reports printed so far (for the exit status). */
int report_error_count(void);
/* Exit-time hook (registered first, so it runs after the program's atexit
 * handlers and static destructors): runs the leak scan, and makes the exit
 * status exitcode if errors were reported or leaks of a failing kind
 * found. */
void report_at_exit(void);
#endif
