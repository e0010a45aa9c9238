/* UBSan beside Sleuth (sleuth-cc -fsanitize=undefined links UBSan's shared
 * runtime next to Sleuth's): UBSan's runtime reads its default options from
 * this hook, which it declares weak. Left alone it would install its own
 * handlers for SEGV, SIGBUS, SIGFPE and SIGILL after Sleuth's (its library
 * initialises after the executable's .preinit_array) and report a wild
 * access as "UndefinedBehaviorSanitizer: SEGV" without Sleuth's shadow and
 * heap facts. With these defaults the deadly signals stay Sleuth's; a
 * user's UBSAN_OPTIONS are parsed after them and still win. */
#include "sys.h"

SL_INTERFACE const char *__ubsan_default_options(void) {
  return "handle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_sigill=0";
}
