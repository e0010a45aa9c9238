/* The scanf family: what each conversion stored is checked after the
 * call (scanf_format.c works out the ranges), as for read(): a %s into a
 * block too small for the word that arrived is a heap-buffer-overflow
 * reported from sscanf. glibc has two sets of entry points, the GNU ones
 * (with _GNU_SOURCE) and __isoc99_* (strict C99 and later, where %a is a
 * float conversion); both are intercepted. Each calls libc's v* form
 * itself, so a report's frame #0 is the function the program called. */
#include "interceptors.h"
#include "scanf_format.h"

typedef struct _IO_FILE FILE;

DECLARE_REAL(int, vscanf, const char *, va_list)
DECLARE_REAL(int, vfscanf, FILE *, const char *, va_list)
DECLARE_REAL(int, vsscanf, const char *, const char *, va_list)
DECLARE_REAL(int, __isoc99_vscanf, const char *, va_list)
DECLARE_REAL(int, __isoc99_vfscanf, FILE *, const char *, va_list)
DECLARE_REAL(int, __isoc99_vsscanf, const char *, const char *, va_list)

void interceptors_scanf_init(void) {
  RESOLVE(vscanf), RESOLVE(vfscanf), RESOLVE(vsscanf);
  RESOLVE(__isoc99_vscanf), RESOLVE(__isoc99_vfscanf);
  RESOLVE(__isoc99_vsscanf);
}

/* More conversions than this in one call are not checked beyond it. */
#define SCANF_MAX_RANGES 64

/* Calls libc's v-form real with args (ap among them; consumed) and leaves
 * its result in r_, then checks the stores of the conversions it assigned,
 * walking a copy of ap. A macro: the checks sit in the interceptor's own
 * body (interceptors.h). */
#define SCANF_CALL(real, isoc99, fmt, ap, args)                                \
  RESOLVE(real);                                                               \
  va_list aq_;                                                                 \
  va_copy(aq_, ap);                                                            \
  int r_ = REAL(real) args;                                                    \
  if (CHECKS_ON() && r_ > 0) {                                                 \
    scanf_range rg_[SCANF_MAX_RANGES];                                         \
    int k_ =                                                                   \
        scanf_written_ranges(fmt, aq_, r_, isoc99, rg_, SCANF_MAX_RANGES);     \
    for (int i_ = 0; i_ < k_; i_++)                                            \
      CHECK_WRITE(rg_[i_].addr, rg_[i_].size);                                 \
  }                                                                            \
  va_end(aq_)

/* fscanf/vfscanf and sscanf/vsscanf: a source argument before the format. */
#define DEFINE_SCANF_FROM(name, vname, real, isoc99, src_type)                 \
  SL_INTERCEPTOR int vname(src_type src, const char *fmt, va_list ap) {          \
    SCANF_CALL(real, isoc99, fmt, ap, (src, fmt, ap));                         \
    return r_;                                                                 \
  }                                                                            \
  SL_INTERCEPTOR int name(src_type src, const char *fmt, ...) {                  \
    va_list ap;                                                                \
    va_start(ap, fmt);                                                         \
    SCANF_CALL(real, isoc99, fmt, ap, (src, fmt, ap));                         \
    va_end(ap);                                                                \
    return r_;                                                                 \
  }

/* scanf/vscanf: stdin. */
#define DEFINE_SCANF_STDIN(name, vname, real, isoc99)                          \
  SL_INTERCEPTOR int vname(const char *fmt, va_list ap) {                        \
    SCANF_CALL(real, isoc99, fmt, ap, (fmt, ap));                              \
    return r_;                                                                 \
  }                                                                            \
  SL_INTERCEPTOR int name(const char *fmt, ...) {                                \
    va_list ap;                                                                \
    va_start(ap, fmt);                                                         \
    SCANF_CALL(real, isoc99, fmt, ap, (fmt, ap));                              \
    va_end(ap);                                                                \
    return r_;                                                                 \
  }

DEFINE_SCANF_FROM(sscanf, vsscanf, vsscanf, 0, const char *)
DEFINE_SCANF_FROM(fscanf, vfscanf, vfscanf, 0, FILE *)
DEFINE_SCANF_STDIN(scanf, vscanf, vscanf, 0)
DEFINE_SCANF_FROM(__isoc99_sscanf, __isoc99_vsscanf, __isoc99_vsscanf, 1,
                  const char *)
DEFINE_SCANF_FROM(__isoc99_fscanf, __isoc99_vfscanf, __isoc99_vfscanf, 1,
                  FILE *)
DEFINE_SCANF_STDIN(__isoc99_scanf, __isoc99_vscanf, __isoc99_vscanf, 1)
