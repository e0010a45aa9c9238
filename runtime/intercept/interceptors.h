/* Shared by the libc interceptors (interceptors_string.c, _io.c,
 * _fortify.c): range checks that report from the interceptor's frame, and
 * libc's own memcpy/memmove/memset/strlen for the runtime's fast paths.
 *
 * A report names the interceptor as frame #0 and the program's call as
 * frame #1. The checks are macros, not inline functions, so the call to the
 * report helper sits in the interceptor's own body (a call inlined from a
 * helper would symbolize as an extra inlined frame); the helper takes its
 * caller, the interceptor, as the faulting frame. */
#ifndef SLEUTH_INTERCEPTORS_H
#define SLEUTH_INTERCEPTORS_H

#include "interception.h"
#include "options.h"
#include "shadow.h"

/* The faulting frame is the caller's (an interceptor's). In
 * access_checks.c, with the other report entry points. */
void interceptor_report_range(uptr addr, uptr size, int is_write);
void interceptor_report_overlap(const char *func, uptr a, uptr an, uptr b,
                                uptr bn);

#define CHECK_RANGE(p, n, is_write)                                            \
  do {                                                                         \
    uptr p_ = (uptr)(p), n_ = (uptr)(n);                                       \
    if (SL_UNLIKELY(shadow_range_bad(p_, n_)))                                 \
      interceptor_report_range(p_, n_, is_write);                              \
  } while (0)
/* Before a system call writes into [p, p+n): a hidden quarantined block
 * there (heap/quarantine_protect.c: no pages, PROT_NONE) would only make
 * the call fail with EFAULT, unreported. Revealed first, the call goes
 * through and the check of the bytes written after it reports the use
 * after free. */
#define REVEAL_FOR_KERNEL(p, n)                                                \
  do {                                                                         \
    if (SL_UNLIKELY(__atomic_load_n(&sl_shadow_hidden, __ATOMIC_RELAXED)) &&   \
        (n))                                                                   \
      shadow_reveal((uptr)(p), (uptr)(n));                                     \
  } while (0)
#define CHECK_READ(p, n) CHECK_RANGE(p, n, 0)
#define CHECK_WRITE(p, n) CHECK_RANGE(p, n, 1)

/* A string argument of which the call reads n bytes; with
 * strict_string_checks=1 the whole string up to its NUL must be inside
 * its block (the call's result may not depend on the rest, but a string
 * that is not terminated inside its block is a bug waiting to happen). */
#define CHECK_READ_STRING(s, n)                                                \
  CHECK_READ(s, sl_opt.strict_string_checks ? sl_real_strlen(s) + 1 : (n))

/* <func>-param-overlap when [a, a+an) and [b, b+bn) share a byte. */
#define CHECK_OVERLAP(func, a, an, b, bn)                                      \
  do {                                                                         \
    uptr a_ = (uptr)(a), an_ = (uptr)(an), b_ = (uptr)(b), bn_ = (uptr)(bn);   \
    if (SL_UNLIKELY(an_ && bn_ && a_ < b_ + bn_ && b_ < a_ + an_))             \
      interceptor_report_overlap(func, a_, an_, b_, bn_);                      \
  } while (0)

/* Checks run only once the runtime is up with the checker on (the shadow
 * is mapped); before that, and in profile-only mode, an interceptor just
 * does the work. */
#define CHECKS_ON() SL_LIKELY(sleuth_checking)
/* The same, for a function ASan lets users opt out of with intercept_<x>=0
 * (the option's value is read only once the runtime is up). */
#define CHECKS_ON_FOR(opt) (CHECKS_ON() && sl_opt.opt)

/* The ranges strcpy and stpcpy (and their _chk forms) read and write. */
#define CHECK_STRCPY_ARGS(func, dst, src)                                      \
  do {                                                                         \
    size_t cpy_len_ = sl_real_strlen(src) + 1;                                 \
    CHECK_OVERLAP(func, dst, cpy_len_, src, cpy_len_);                         \
    CHECK_READ(src, cpy_len_);                                                 \
    CHECK_WRITE(dst, cpy_len_);                                                \
  } while (0)

/* The ranges strncpy (and __strncpy_chk) read and write: src up to its NUL
 * or n bytes; all n bytes of dst (the rest is padded with NULs). */
#define CHECK_STRNCPY_ARGS(dst, src, n)                                        \
  do {                                                                         \
    RESOLVE(strnlen);                                                          \
    size_t ncpy_from_ = MIN((n), REAL(strnlen)((src), (n)) + 1);               \
    CHECK_OVERLAP("strncpy", dst, n, src, ncpy_from_);                         \
    CHECK_READ(src, ncpy_from_);                                               \
    CHECK_WRITE(dst, n);                                                       \
  } while (0)

/* The ranges strcat (and __strcat_chk) read and write. */
/* strcat/strncat read dst's string and overwrite its NUL: the write check
 * covers that byte, so only strict_string_checks=1 checks it as read too
 * (a dst that starts at its block's end is then a READ of 1, else the
 * WRITE of the appended bytes, as in ASan). */
#define CAT_DST_READ(dlen) (sl_opt.strict_string_checks ? (dlen) + 1 : (dlen))
#define CHECK_STRCAT_ARGS(dst, src)                                            \
  do {                                                                         \
    size_t cat_dlen_ = sl_real_strlen(dst), cat_slen_ = sl_real_strlen(src);   \
    CHECK_OVERLAP("strcat", dst, cat_dlen_ + cat_slen_ + 1, src,               \
                  cat_slen_ + 1);                                              \
    CHECK_READ(src, cat_slen_ + 1);                                            \
    CHECK_READ(dst, CAT_DST_READ(cat_dlen_));                                  \
    CHECK_WRITE(dst + cat_dlen_, cat_slen_ + 1);                               \
  } while (0)

#define MIN(a, b) ((a) < (b) ? (a) : (b))

/* Whether p is not NULL, for arguments glibc declares nonnull that
 * programs still pass as NULL (libc then fails with EFAULT): the compiler
 * may not fold the test away. */
static inline int sl_present(const void *p) {
  uptr a = (uptr)p;
  __asm__("" : "+r"(a));
  return a != 0;
}

/* libc's implementations, used by the interceptors and by the checked
 * intrinsics of instrumented code (access_checks.c). Until
 * interceptors_init they are the runtime's libc-free versions, so they are
 * always callable. */
extern void *(*sl_real_memcpy)(void *, const void *, size_t);
extern void *(*sl_real_memmove)(void *, const void *, size_t);
extern void *(*sl_real_memset)(void *, int, size_t);
extern size_t (*sl_real_strlen)(const char *);

/* Resolves every intercepted function's libc original (dlsym RTLD_NEXT);
 * called once from sleuth_init. Each file resolves its own. */
void interceptors_string_init(void);
void interceptors_io_init(void);
void interceptors_iovec_init(void);
void interceptors_scanf_init(void);
void interceptors_wchar_init(void);
void interceptors_fortify_init(void);
void interceptors_string_scan_init(void);
void interceptors_outparams_init(void);
void interceptors_printf_init(void);
void interceptors_sys_init(void);
void interceptors_wconv_init(void);
static inline void interceptors_init(void) {
  interceptors_sys_init();
  interceptors_wconv_init();
  interceptors_printf_init();
  interceptors_string_scan_init();
  interceptors_outparams_init();
  interceptors_string_init();
  interceptors_io_init();
  interceptors_iovec_init();
  interceptors_scanf_init();
  interceptors_wchar_init();
  interceptors_fortify_init();
}
#endif
