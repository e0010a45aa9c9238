/* exit(): once the program asks to exit, its destructors and atexit
 * handlers run with every module's globals initialised or never to be;
 * init-order checking ends there (as in ASan), even when exit is called
 * from inside a module's dynamic initialisers. */
#include <stdlib.h>

#include "globals.h"
#include "interceptors.h"

DECLARE_REAL(void, exit, int)

SL_INTERCEPTOR void exit(int status) {
  globals_stop_init_order_checking();
  RESOLVE(exit);
  REAL(exit)(status);
  __builtin_unreachable();
}
