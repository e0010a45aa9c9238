/* Runtime options, parsed from SLEUTH_OPTIONS before main (see options.inc). */
#ifndef SLEUTH_OPTIONS_H
#define SLEUTH_OPTIONS_H

#include <stdint.h>

#define OPT_C_BOOL int
#define OPT_C_INT long long
#define OPT_C_SIZE unsigned long long
#define OPT_C_STR const char *
#define OPT_C_CHOICE const char *
#define OPT_C_LIST const char *

typedef struct {
#define OPTION(type, name, def, impl, desc) OPT_C_##type name;
#define OPTION_RANGE(type, name, def, lo, hi, impl, desc) OPT_C_##type name;
#include "options.inc"
#undef OPTION_RANGE
#undef OPTION
} sleuth_options_t;

extern sleuth_options_t sl_opt;

/* Parses defaults, then the string in SLEUTH_OPTIONS' syntax (may be
 * NULL). On error writes one line naming the problem into err (if
 * non-NULL) and returns -1. */
int options_parse(const char *s, char *err, unsigned long errcap);
/* The start-up parse, in this order (later wins): the table's defaults;
 * the program's __sleuth_default_options() (Sleuth's syntax, errors are
 * fatal), __asan_default_options() and __lsan_default_options() (ASan's
 * syntax); then sleuth_env (SLEUTH_OPTIONS) if set, which replaces both
 * asan_env (ASAN_OPTIONS) and lsan_env (LSAN_OPTIONS), read otherwise.
 * ASan-syntax strings never fail: what Sleuth cannot use is a warning
 * (options_warnings). Returns -1 with err filled on a Sleuth-syntax
 * error. */
int options_init(const char *sleuth_env, const char *asan_env,
                 const char *lsan_env, char *err, unsigned long errcap);
/* The variable to name in a hint that suggests an option: SLEUTH_OPTIONS
 * when it is set, else ASAN_OPTIONS (which is then what is read). */
const char *options_env_name(void);
/* The warnings of ASan-syntax strings, one per line, or NULL. */
const char *options_warnings(void);
/* The notices of Sleuth-syntax strings (a name given twice), one per
 * line, or NULL: printed whatever the verbosity. */
const char *options_notices(void);
/* LSAN_OPTIONS' (or __lsan_default_options') suppressions file, read in
 * addition to `suppressions`, or NULL. */
const char *options_lsan_suppressions(void);
/* The first option set in SLEUTH_OPTIONS whose feature does not exist yet
 * (accepted so scripts keep working; verbosity=1 warns), or NULL. */
const char *options_first_unimplemented(void);
/* Writes the help=1 text to fd. */
void options_print_help(int fd);
/* Whether an item is present in a LIST option value ("all" matches all). */
int option_list_has(const char *list, const char *item);
#endif
