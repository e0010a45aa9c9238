/* The scanf family's stores, read back from the format after the call
 * (interceptors_scanf.c checks them). */
#ifndef SLEUTH_SCANF_FORMAT_H
#define SLEUTH_SCANF_FORMAT_H

#include <stdarg.h>

#include "sys.h"

typedef struct {
  uptr addr;
  size_t size;
} scanf_range;

/* The ranges the first `assigned` assigning conversions of fmt stored,
 * their pointers taken from ap in order; at most max, fewer when the
 * format uses something that cannot be followed (positional arguments,
 * an unknown conversion). isoc99: the C99 entry points, where %a is a
 * float conversion rather than GNU's allocating modifier. %n is not
 * included (whether matching reached it is not known). */
int scanf_written_ranges(const char *fmt, va_list ap, int assigned, int isoc99,
                         scanf_range *out, int max);
#endif
