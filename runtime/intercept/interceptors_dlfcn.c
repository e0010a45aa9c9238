/* dlclose: the module map records the library before it goes away, so
 * stacks that point into it (leaks allocated there, reported at exit) are
 * still symbolized with its function and line; and the unwinder forgets
 * the call-frame rules it cached, since other code may be mapped there
 * next. */
#include "cfi_cache.h"
#include "interception.h"
#include "symbolize.h"

DECLARE_REAL(int, dlclose, void *)

SL_INTERCEPTOR int dlclose(void *handle) {
  ENSURE_INIT();
  RESOLVE(dlclose);
  modules_refresh();
  int r = REAL(dlclose)(handle);
  cfi_cache_clear();
  return r;
}
