/* The strings a printf-family call reads through its %s arguments, found
 * from the format before the call (interceptors_printf.c checks them). */
#ifndef SLEUTH_PRINTF_FORMAT_H
#define SLEUTH_PRINTF_FORMAT_H

#include <stdarg.h>

#include "sys.h"

typedef struct {
  uptr addr;
  size_t size;
  int is_write; /* a %n conversion's target */
} printf_range;

/* The bytes each %s conversion of fmt will read, its argument taken from
 * ap in order (the other conversions' arguments are stepped over by
 * type): the string and its NUL, or with a precision at most that many
 * bytes (the NUL counted when it comes first); and the integer each %n
 * will write (its size from the length modifier: %hhn 1 ... %lln 8). At
 * most max ranges; the walk stops at what it cannot follow (positional
 * arguments, an unknown conversion). NULL pointers are skipped (glibc
 * prints "(null)" for a string). */
int printf_string_ranges(const char *fmt, va_list ap, printf_range *out,
                         int max);

/* The format, its %s strings and %n targets, checked from the
 * interceptor's frame (a macro, as the checks of interceptors.h) before
 * the call, so a bad %n is reported before it writes; up to 32. */
#define CHECK_PRINTF_READS(fmt, ap)                                            \
  do {                                                                         \
    if (CHECKS_ON_FOR(check_printf)) {                                         \
      CHECK_READ(fmt, sl_real_strlen(fmt) + 1);                                \
      printf_range pr_[32];                                                    \
      int npr_ = printf_string_ranges(fmt, ap, pr_, 32);                       \
      for (int i_ = 0; i_ < npr_; i_++)                                        \
        CHECK_RANGE(pr_[i_].addr, pr_[i_].size, pr_[i_].is_write);             \
    }                                                                          \
  } while (0)
#endif
