/* Error reports (DESIGN.md §3). Each function prints one complete report,
 * in the log_format's shape (text, or one JSON line), then either stops the
 * process (halt_on_error=1) or returns. Stacks are stack-depot ids captured
 * where the error was seen. */
#ifndef SLEUTH_REPORT_H
#define SLEUTH_REPORT_H

#include "allocator.h"
#include "sys.h"

void report_access(uptr addr, uptr size, int is_write, uptr pc, uptr bp,
                   uptr sp);
/* An access that faulted (a quarantined block's protected pages): pc is
 * the faulting instruction itself, not a return address, so frame #0 and
 * the SUMMARY are symbolized at pc, not pc - 1. */
void report_access_fault(uptr addr, uptr size, int is_write, uptr pc, uptr bp,
                         uptr sp);
/* An access that faulted on a guarded slot (guarded.c), of the kind
 * given, described by the slot's block. */
void report_guard_fault(uptr addr, uptr size, int is_write, uptr pc, uptr bp,
                        uptr sp, const char *kind, const chunk_info *ci);
/* The same as report_access, with the pc that names the error site for
 * halt_on_error=0's report-once rule when it is not pc: for a libc
 * interceptor, the program's call rather than the interceptor. */
void report_access_site(uptr addr, uptr size, int is_write, uptr pc, uptr bp,
                        uptr sp, uptr site);
/* An inline check's report, with base, the pointer the address was
 * computed from (0: unknown): an access that lands in a freed block from a
 * live one is that live block's heap-buffer-overflow. */
void report_access_from(uptr addr, uptr size, int is_write, uptr pc, uptr bp,
                        uptr sp, uptr base);
void report_bad_free(uptr addr, uint32_t stack);
void report_double_free(uptr addr, uint32_t stack);
/* Interface calls given arguments they cannot use (ASan's bad-<function>
 * kinds); stack: the call's, its entry point as frame #0. */
void report_get_allocated_size_not_owned(uptr addr, uint32_t stack);
void report_bad_container_params(uptr beg, uptr end, uptr old_mid,
                                 uptr new_mid, uint32_t stack);
void report_bad_double_ended_container_params(uptr storage_beg,
                                              uptr storage_end, uptr old_beg,
                                              uptr old_end, uptr new_beg,
                                              uptr new_end, uint32_t stack);
void report_alloc_dealloc_mismatch(uptr addr, int alloc_type, int dealloc_type,
                                   uint32_t stack);
/* A sized delete with another size (dealloc_size != 0), and/or (align_bad)
 * a delete whose alignment is not the new's (0: default-aligned). */
void report_new_delete_type_mismatch(uptr addr, size_t alloc_size,
                                     size_t dealloc_size, size_t alloc_align,
                                     size_t dealloc_align, int align_bad,
                                     uint32_t stack);
/* A block's redzone bytes were found overwritten (redzone_pattern.h): bad
 * is the first such byte, ci the block the write ran out of; free_stack is
 * where the checked block was being freed, or 0 when found at exit;
 * seen_in is the checked block when that is not ci's (the write ran into
 * the left redzone of the block after), else 0. */
void report_redzone_corrupted(uptr bad, const chunk_info *ci,
                              uint32_t free_stack, uptr seen_in);
/* A quarantined block written after free (seen when it was relinked or
 * left the quarantine): bad is the first changed byte, or the block's
 * start when its first 16 bytes (record_broken) were overwritten. */
void report_freed_block_written(uptr bad, const chunk_info *ci,
                                int record_broken);
/* The live block at ub (size bytes, from the shadow) has an overwritten
 * chunk header, found when it was `verb` ("freed", "reallocated", ...)
 * with that call's stack, or at exit (verb NULL, stack 0). Its allocation
 * stack is lost; the block before the header, the likely culprit, is
 * described with its stacks. */
void report_header_overwritten(uptr ub, size_t size, uint32_t stack,
                               const char *verb);
void report_calloc_overflow(size_t n, size_t size, uint32_t stack);
/* adjusted: the size with alignment and redzones (printed as ASan does,
 * "after adjustments"). */
void report_allocation_size_too_big(size_t size, size_t adjusted, size_t max,
                                    uint32_t stack);
/* reallocarray's count * size, pvalloc's rounding: do not fit in size_t. */
void report_reallocarray_overflow(size_t n, size_t size, uint32_t stack);
void report_pvalloc_overflow(size_t size, uint32_t stack);
/* An alignment that aligned_alloc or posix_memalign (func) refuses. */
void report_invalid_alignment(const char *func, size_t align, size_t size,
                              uint32_t stack);
/* what: the runtime's own mapping that failed ("a large block's
 * mapping", ...), or NULL when the heap itself is full. */
void report_out_of_memory(size_t size, uint32_t stack, const char *what);
/* out-of-memory because the allocator's mappings would pass mmap_limit_mb. */
/* An allocation refused while resident memory is past soft_rss_limit_mb
 * (rss_limit.c). */
void report_rss_limit_exceeded(size_t limit_mb, uint32_t stack);
void report_mmap_limit(size_t size, size_t total, size_t limit_mb,
                       uint32_t stack);
/* A range whose end wraps around the address space: a negative size
 * passed as size_t (memcpy(d, s, -100)), ASan's negative-size-param. */
void report_negative_size(uptr addr, uptr size, uptr pc, uptr bp, uptr site);
void report_param_overlap(const char *func, uptr a, size_t an, uptr b,
                          size_t bn, uptr pc, uptr bp, uptr site);
/* A relational comparison or a subtraction of a1 and a2 (pc, bp: the
 * instrumented frame's): reports invalid-pointer-pair unless both point
 * into one heap block, global or stack variable (its end included), or
 * both into memory Sleuth knows nothing of. */
void report_invalid_pointer_pair(uptr a1, uptr a2, uptr pc, uptr bp);
/* One definition of a global (detect_odr_violation): its copy's address,
 * size, name, "file:line:col", and where its module registered it. */
typedef struct {
  uptr addr, size;
  const char *name, *location;
  uint32_t stack;
} odr_definition;
/* Two modules define the same global: used is the copy the program uses,
 * unused the other module's, which no code reaches. */
void report_odr_violation(const odr_definition *used,
                          const odr_definition *unused);
/* From the SEGV/SIGBUS handler: ctx is the ucontext_t. */
void report_deadly_signal(int sig, void *info, void *ctx);

/* The leak report's pieces (leak_report.c decides which to show, these
 * write them in the log_format's shape into b, for report_write). */
typedef struct {
  uptr bytes, blocks;
} leak_amount;
typedef struct {
  leak_amount direct, indirect, possible, reachable, suppressed;
  int suppressing; /* suppressions are active: text shows the line */
} leak_totals;
/* "ERROR: Sleuth: detected memory leaks" (nothing in JSON). */
void report_leak_header(sbuf_t *b);
/* What a growth record says besides bytes, objects and stack. */
typedef struct {
  uptr rate_x10;   /* bytes per second, times 10 */
  unsigned checks; /* the checks it grew over */
} leak_growth_info;
/* One record: leak_kind is "direct", "indirect", "possible", "reachable"
 * or "growth" (then growth is set; NULL otherwise). */
void report_leak_record(sbuf_t *b, const char *leak_kind, uptr bytes,
                        uptr objects, uint32_t stack,
                        const leak_growth_info *growth);
/* Growth leaks' heading and SUMMARY line (nothing in JSON: each record
 * carries its own rate). is_error: growth is in leak_kinds_fail. */
void report_growth_header(sbuf_t *b, int is_error);
void report_growth_summary(sbuf_t *b, uptr bytes, uptr objects,
                           unsigned checks);
/* LEAK SUMMARY and the SUMMARY line (a "leak-summary" object in JSON). */
void report_leak_summary(sbuf_t *b, const leak_totals *t);

/* Writes a runtime message line ("==PID==" prefix added) to the log; with
 * log_format=json to stderr, so the JSON stream holds only reports. */
void report_raw(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* heap_profile_alert_mb: one line to the log (a "heap-alert" JSON object
 * with log_format=json): in use, the threshold passed, the option's value
 * and the dump written for it (NULL: none). */
void report_heap_alert(unsigned long long inuse, unsigned long long threshold,
                       unsigned long long alert_mb, const char *dump);
/* Writes buf to the report destination (stderr or log_path.<pid>) with
 * one write(2) per call where the kernel allows. */
void report_write(const char *buf, size_t n);
/* __asan_describe_address: what addr is (heap block with its stacks,
 * stack frame, global), written to the report destination. */
void report_describe(uptr addr);
/* __sanitizer_print_stack_trace: pcs (return addresses), symbolized. */
void report_stack_here(const uptr *pcs, int n);
/* Where reports go from now on: a log_path (<path>.<pid>; "stderr",
 * "stdout"), or an open file descriptor. report_path: the file of this
 * process, or NULL for a stream. */
void report_set_path(const char *path);
void report_set_fd(int fd);
const char *report_path(void);
/* Number of error reports printed so far (for the exit status). */
int report_error_count(void);
/* The frames of stored stack id, for printing (reports, the memory
 * profile): read into one buffer of DEPOT_MAX_FRAMES shared by all
 * threads, not onto the printing thread's stack (which may be
 * PTHREAD_STACK_MIN small); while another print holds that buffer
 * (another thread, or this one interrupted by a signal whose report
 * prints), into few[0..nfew) instead, cut to nfew frames. *n gets the
 * count; give the buffer back with report_stack_frames_done. */
const uptr *report_stack_frames(uint32_t id, uptr *few, int nfew, int *n);
void report_stack_frames_done(const uptr *frames);
#endif
