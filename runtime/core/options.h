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
#include "options.inc"
#undef OPTION
} sleuth_options_t;

extern sleuth_options_t sl_opt;

/* Parses defaults, then the string (may be NULL). On error writes one line
 * naming the problem into err (if non-NULL) and returns -1. */
int options_parse(const char *s, char *err, unsigned long errcap);
/* The first option set in SLEUTH_OPTIONS whose feature does not exist yet
 * (accepted so scripts keep working; verbosity=1 warns), or NULL. */
const char *options_first_unimplemented(void);
/* Writes the help=1 text to fd. */
void options_print_help(int fd);
/* Whether an item is present in a LIST option value ("all" matches all). */
int option_list_has(const char *list, const char *item);
#endif
