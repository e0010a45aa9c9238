/* Secure mode: a program the kernel started with privileges the user who
 * ran it lacks (setuid, setgid, file capabilities: AT_SECURE, as ld.so
 * decides it) must not let that user's environment name files it writes
 * or reads, or commands it runs: SLEUTH_OPTIONS=log_path=/etc/x would
 * create a root-owned file, heap_profile_alert_cmd would run as root, and
 * an llvm-symbolizer found on the user's PATH would too. ASan honours
 * them; Sleuth ignores them there, with one line saying so, and reports
 * go to stderr. */
#include "secure_mode.h"

#include <sys/auxv.h>

#include "options.h"
#include "report.h"
#include "symbol_cache.h"
#include "symbolize.h"

static int secure;

int secure_mode(void) { return secure; }

void secure_mode_apply(void) {
  secure = getauxval(AT_SECURE) != 0;
  if (!secure)
    return;
  symbolizer_forbid_path_search();
  /* The cache directory comes from the environment the user chose. */
  symbol_cache_disable();
  char names[256];
  sbuf_t b;
  sbuf_init(&b, names, sizeof names);
  struct {
    const char *name;
    const char **value;
  } paths[] = {
      {"log_path", &sl_opt.log_path},
      {"external_symbolizer_path", &sl_opt.external_symbolizer_path},
      {"suppressions", &sl_opt.suppressions},
      {"heap_profile_alert_cmd", &sl_opt.heap_profile_alert_cmd},
  };
  for (unsigned i = 0; i < sizeof paths / sizeof *paths; i++)
    if (*paths[i].value && **paths[i].value) {
      sbuf_printf(&b, "%s%s", b.len ? ", " : "", paths[i].name);
      *paths[i].value = "";
    }
  /* The dumps' names come from heap_profile_prefix, or from the working
   * directory the user chose: no dumps at all. */
  if (sl_opt.heap_profile) {
    sbuf_printf(&b, "%sheap_profile", b.len ? ", " : "");
    sl_opt.heap_profile = 0;
  }
  if (b.len)
    report_raw("WARNING: Sleuth: secure mode (a setuid, setgid or "
               "capability-raising program): ignoring %s (options that name "
               "a file or a command); reports go to stderr",
               names);
}
