/* Sleuth's version of the sanitizers' common interface: the same function
 * names and signatures as compiler-rt 14's <sanitizer/common_interface_defs.h>,
 * so code written for ASan builds unchanged with sleuth-cc (which puts this
 * directory ahead of clang's own headers). Every function is implemented by
 * the Sleuth runtime; docs/asan-compat.md says what each one does there. */
#ifndef SANITIZER_COMMON_INTERFACE_DEFS_H
#define SANITIZER_COMMON_INTERFACE_DEFS_H

#include <stddef.h>
#include <stdint.h>

/* The calling-convention marker of LLVM 17's and later sanitizer headers
 * (coverage_interface.h, ...), which include this one for it: clang's own
 * defines it, so a program including one of those under sleuth-cc must
 * find it here too. Empty except on Windows, as there. */
#ifndef SANITIZER_CDECL
#ifdef _WIN32
#define SANITIZER_CDECL __cdecl
#else
#define SANITIZER_CDECL
#endif
#endif

/* GCC has no __has_feature; code tests it next to __SANITIZE_ADDRESS__. */
#if !defined(__has_feature)
#define __has_feature(x) 0
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Kept for source compatibility; Sleuth has no coverage sandbox. */
typedef struct {
  int coverage_sandboxed;
  intptr_t coverage_fd;
  unsigned int coverage_max_block_size;
} __sanitizer_sandbox_arguments;

/* Reports go to <path>.<pid> ("stderr"/"stdout" name those streams), as
 * the log_path option. */
void __sanitizer_set_report_path(const char *path);
/* Reports go to this file descriptor (passed as a pointer-sized value). */
void __sanitizer_set_report_fd(void *fd);
/* The report file of this process, or NULL when reports go to a stream. */
const char *__sanitizer_get_report_path();

/* Called before a sandbox is entered; Sleuth needs nothing (no-op). */
void __sanitizer_sandbox_on_notify(__sanitizer_sandbox_arguments *args);

/* Prints "SUMMARY: Sleuth: <error_summary>" to the report destination. */
void __sanitizer_report_error_summary(const char *error_summary);

/* Unaligned loads and stores that are checked like any other access. */
uint16_t __sanitizer_unaligned_load16(const void *p);
uint32_t __sanitizer_unaligned_load32(const void *p);
uint64_t __sanitizer_unaligned_load64(const void *p);
void __sanitizer_unaligned_store16(void *p, uint16_t x);
void __sanitizer_unaligned_store32(void *p, uint32_t x);
void __sanitizer_unaligned_store64(void *p, uint64_t x);

/* Returns 1 for the first caller only: lets one crash handler run. */
int __sanitizer_acquire_crash_state();

/* A container owning [beg, end) now uses [beg, new_mid) (it used
 * [beg, old_mid)): the rest becomes unaddressable, and an access there is
 * reported as container-overflow. beg must be 8-byte aligned. */
void __sanitizer_annotate_contiguous_container(const void *beg, const void *end,
                                               const void *old_mid,
                                               const void *new_mid);
/* 1 if [beg, mid) is addressable and [mid, end) is not, else 0. */
int __sanitizer_verify_contiguous_container(const void *beg, const void *mid,
                                            const void *end);
/* The first byte that breaks the above, or NULL. */
const void *__sanitizer_contiguous_container_find_bad_address(const void *beg,
                                                              const void *mid,
                                                              const void *end);

/* A double-ended container (std::deque's blocks) owning the storage
 * [storage_beg, storage_end) now uses [new_container_beg,
 * new_container_end) of it (it used [old_container_beg, old_container_end);
 * both empty for fresh storage): the rest of the storage becomes
 * unaddressable, reported as container-overflow. No alignment needed. */
void __sanitizer_annotate_double_ended_contiguous_container(
    const void *storage_beg, const void *storage_end,
    const void *old_container_beg, const void *old_container_end,
    const void *new_container_beg, const void *new_container_end);
/* 1 if [container_beg, container_end) is addressable and the rest of the
 * storage is not (as far as the shadow can say), else 0. */
int __sanitizer_verify_double_ended_contiguous_container(
    const void *storage_beg, const void *container_beg,
    const void *container_end, const void *storage_end);
/* The first byte of the storage that breaks the above, or NULL. */
const void *__sanitizer_double_ended_contiguous_container_find_bad_address(
    const void *storage_beg, const void *container_beg,
    const void *container_end, const void *storage_end);

/* Prints the calling thread's symbolized stack to the report destination. */
void __sanitizer_print_stack_trace(void);

/* Writes a description of pc (or of the global at data_ptr) into out_buf,
 * following fmt: %p pc, %m module, %o offset, %f function, %s file,
 * %l line, %c column, %L file:line:column, %F "in function", %S
 * file:line:column; other characters are copied. */
void __sanitizer_symbolize_pc(void *pc, const char *fmt, char *out_buf,
                              size_t out_buf_size);
void __sanitizer_symbolize_global(void *data_ptr, const char *fmt,
                                  char *out_buf, size_t out_buf_size);

/* The caller's return address. */
#if !defined(_MSC_VER) || defined(__clang__)
#define __sanitizer_return_address()                                           \
  __builtin_extract_return_addr(__builtin_return_address(0))
#else
extern "C" void *_ReturnAddress(void);
#pragma intrinsic(_ReturnAddress)
#define __sanitizer_return_address() _ReturnAddress()
#endif

/* Runs callback just before the process exits after an error report. */
void __sanitizer_set_death_callback(void (*callback)(void));

/* Fuzzer hooks: a program may define them; Sleuth never calls them. */
void __sanitizer_weak_hook_memcmp(void *called_pc, const void *s1,
                                  const void *s2, size_t n, int result);
void __sanitizer_weak_hook_strncmp(void *called_pc, const char *s1,
                                   const char *s2, size_t n, int result);
void __sanitizer_weak_hook_strncasecmp(void *called_pc, const char *s1,
                                       const char *s2, size_t n, int result);
void __sanitizer_weak_hook_strcmp(void *called_pc, const char *s1,
                                  const char *s2, int result);
void __sanitizer_weak_hook_strcasecmp(void *called_pc, const char *s1,
                                      const char *s2, int result);
void __sanitizer_weak_hook_strstr(void *called_pc, const char *s1,
                                  const char *s2, char *result);
void __sanitizer_weak_hook_strcasestr(void *called_pc, const char *s1,
                                      const char *s2, char *result);
void __sanitizer_weak_hook_memmem(void *called_pc, const void *s1, size_t len1,
                                  const void *s2, size_t len2, void *result);

/* Prints the live heap grouped by allocation stack (a still-reachable
 * style report of every live block, largest stacks first, until
 * top_percent of the bytes or max_number_of_contexts stacks are shown). */
void __sanitizer_print_memory_profile(size_t top_percent,
                                      size_t max_number_of_contexts);

/* Fiber switches (QEMU, boost.context, PHP). Call start just before
 * switching to the stack [bottom, bottom+size) and finish right after
 * arriving on it. fake_stack_save: where to keep the leaving fiber's
 * use-after-return frames (NULL when the leaving fiber is being
 * destroyed); pass what start stored to finish on the way back. finish's
 * bottom_old/size_old (may be NULL) receive the stack that was left. */
void __sanitizer_start_switch_fiber(void **fake_stack_save, const void *bottom,
                                    size_t size);
void __sanitizer_finish_switch_fiber(void *fake_stack_save,
                                     const void **bottom_old, size_t *size_old);

/* The module containing pc and pc's offset in it; 1 on success, else 0. */
int __sanitizer_get_module_and_offset_for_pc(void *pc, char *module_path,
                                             size_t module_path_len,
                                             void **pc_offset);

#ifdef __cplusplus
}
#endif
#endif
