/* The options parser: defaults, every value type, and the one-line errors
 * for unknown names and bad values. */
#include <string.h>

#include "check.h"
#include "options.h"

int main(void) {
  char err[512];
  CHECK(options_parse(NULL, err, sizeof err) == 0);
  CHECK(sl_opt.halt_on_error == 1);
  CHECK(sl_opt.exitcode == 1);
  CHECK(sl_opt.quarantine_size_mb == 256);
  CHECK(strcmp(sl_opt.leak_kinds_fail, "direct,indirect") == 0);
  CHECK(sl_opt.heap_profile_sample == 524288);

  CHECK(options_parse("halt_on_error=0:exitcode=3:log_path=/tmp/x:"
                      "quarantine_size_mb=16:heap_profile_sample=64k:"
                      "log_format=json:leak_kinds_fail=possible,reachable",
                      err, sizeof err) == 0);
  CHECK(sl_opt.halt_on_error == 0);
  CHECK(sl_opt.exitcode == 3);
  CHECK(strcmp(sl_opt.log_path, "/tmp/x") == 0);
  CHECK(sl_opt.quarantine_size_mb == 16);
  CHECK(sl_opt.heap_profile_sample == 65536);
  CHECK(strcmp(sl_opt.log_format, "json") == 0);
  CHECK(option_list_has(sl_opt.leak_kinds_fail, "reachable"));
  CHECK(!option_list_has(sl_opt.leak_kinds_fail, "direct"));
  CHECK(option_list_has("all", "indirect"));

  /* A later parse starts again from the defaults. */
  CHECK(options_parse("verbosity=2", err, sizeof err) == 0);
  CHECK(sl_opt.halt_on_error == 1 && sl_opt.verbosity == 2);
  /* Empty items (leading, doubled, trailing ':') are allowed. */
  CHECK(options_parse(":symbolize=0::", err, sizeof err) == 0);
  CHECK(sl_opt.symbolize == 0);
  CHECK(options_parse("detect_leaks=true:show_reachable=false", err,
                      sizeof err) == 0);
  CHECK(sl_opt.detect_leaks == 1 && sl_opt.show_reachable == 0);

  /* Every option of DESIGN.md §5 is implemented now: none is remembered
   * as "not implemented yet" (the mechanism stays for future names). */
  CHECK(options_parse("verbosity=1:color=always:log_format=json:heap_profile=1:"
                      "detect_stack_use_after_return=1:leak_growth_checks=2:"
                      "heap_profile_interval_s=5",
                      err, sizeof err) == 0);
  CHECK(options_first_unimplemented() == NULL);

  CHECK(options_parse("halt_on_eror=0", err, sizeof err) == -1);
  CHECK(strstr(err, "unknown option 'halt_on_eror'") != NULL);
  CHECK(strchr(err, '\n') == NULL);
  CHECK(options_parse("exitcode=abc", err, sizeof err) == -1);
  CHECK(strstr(err, "invalid value 'abc' for option 'exitcode'") != NULL);
  CHECK(options_parse("halt_on_error=2", err, sizeof err) == -1);
  CHECK(options_parse("quarantine_size_mb=-1", err, sizeof err) == -1);
  CHECK(options_parse("quarantine_size_mb=99999999999999999999", err,
                      sizeof err) == -1);
  CHECK(options_parse("log_format=xml", err, sizeof err) == -1);
  CHECK(strstr(err, "[text|json]") != NULL);
  CHECK(options_parse("leak_kinds_fail=direct,bogus", err, sizeof err) == -1);
  CHECK(options_parse("redzone=24", err, sizeof err) == -1);
  CHECK(strstr(err, "invalid value '24' for option 'redzone'") != NULL);
  CHECK(options_parse("redzone=4096", err, sizeof err) == -1);
  CHECK(options_parse("redzone=64", err, sizeof err) == 0);
  /* ASan's range: 0..256. */
  CHECK(options_parse("malloc_context_size=0", err, sizeof err) == 0);
  CHECK(options_parse("malloc_context_size=256", err, sizeof err) == 0);
  CHECK(options_parse("malloc_context_size=257", err, sizeof err) == -1);
  CHECK(options_parse("use_stacks=no:report_objects=yes", err, sizeof err) ==
        0);
  CHECK(sl_opt.use_stacks == 0 && sl_opt.report_objects == 1);

  /* ASan's syntax, when SLEUTH_OPTIONS is unset: its separators, quotes
   * and spellings; what Sleuth cannot use is a warning, never an error. */
  CHECK(options_init(NULL,
                     "halt_on_error=no,exitcode=7 log_path='/tmp/a b:c'\n"
                     "detect_leaks=yes:no_such=1:redzone=24:verbosity=1",
                     "exitcode=9:suppressions=/tmp/l.supp:max_leaks=3", err,
                     sizeof err) == 0);
  CHECK(sl_opt.halt_on_error == 0);
  CHECK(sl_opt.exitcode == 9); /* LSAN_OPTIONS comes later */
  CHECK(strcmp(sl_opt.log_path, "/tmp/a b:c") == 0);
  CHECK(sl_opt.detect_leaks == 1 && sl_opt.verbosity == 1);
  CHECK(sl_opt.redzone == 16); /* out of range: back to the default */
  CHECK(sl_opt.max_leaks == 3);
  CHECK(strcmp(sl_opt.suppressions, "") == 0);
  CHECK(options_lsan_suppressions() &&
        strcmp(options_lsan_suppressions(), "/tmp/l.supp") == 0);
  CHECK(options_warnings() && strstr(options_warnings(), "'no_such=1'"));
  CHECK(strstr(options_warnings(), "'24' for option 'redzone'"));
  /* ASan's names for Sleuth's options. */
  CHECK(options_init(NULL,
                     "quarantine_size=1048577:leak_check_at_exit=0:"
                     "log_path=stderr",
                     NULL, err, sizeof err) == 0);
  CHECK(sl_opt.quarantine_size_mb == 2 && sl_opt.detect_leaks == 0);
  CHECK(strcmp(sl_opt.log_path, "") == 0);
  CHECK(options_warnings() == NULL);
  /* A broken item is skipped, the rest still applies. */
  CHECK(options_init(NULL, "verbosity exitcode=4 symbolize=\"0", NULL, err,
                     sizeof err) == 0);
  CHECK(sl_opt.exitcode == 4 && sl_opt.symbolize == 1);
  CHECK(strstr(options_warnings(), "expected '='"));
  CHECK(strstr(options_warnings(), "unterminated"));
  /* SLEUTH_OPTIONS replaces both and stays strict. */
  CHECK(options_init("exitcode=5", "exitcode=7", "exitcode=9", err,
                     sizeof err) == 0);
  CHECK(sl_opt.exitcode == 5);
  CHECK(options_init("no_such=1", "exitcode=7", NULL, err, sizeof err) == -1);
  CHECK(strstr(err, "unknown option 'no_such' in SLEUTH_OPTIONS"));
  CHECK(options_parse("exitcode=256", err, sizeof err) == -1);
  CHECK(options_parse("exitcode", err, sizeof err) == -1);
  CHECK(strstr(err, "has no value") != NULL);
  /* Ranges from the table: no value wraps around into them. */
  CHECK(options_parse("exitcode=-18446744073709551574", err, sizeof err) == -1);
  CHECK(strstr(err, "(expected int from 0 to 255)") != NULL);
  CHECK(options_parse("verbosity=-18446744073709551615", err, sizeof err) == -1);
  CHECK(options_parse("exitcode=-9223372036854775809", err, sizeof err) == -1);
  CHECK(options_parse("heap_profile_timeline_ms=-1", err, sizeof err) == -1);
  CHECK(options_parse("heap_profile_sample=1024g", err, sizeof err) == 0);
  CHECK(options_parse("heap_profile_sample=1025g", err, sizeof err) == -1);
  CHECK(options_parse("heap_profile_signal=0", err, sizeof err) == 0);
  CHECK(options_parse("heap_profile_signal=19", err, sizeof err) == -1);
  CHECK(strstr(err, "SIGSTOP cannot be caught") != NULL);
  CHECK(options_parse("heap_profile_signal=33", err, sizeof err) == -1);
  /* Lists: an empty item is bad wherever it is. */
  CHECK(options_parse("leak_kinds_fail=direct,", err, sizeof err) == -1);
  CHECK(options_parse("leak_kinds_fail=,direct", err, sizeof err) == -1);
  CHECK(options_parse("leak_kinds_fail=direct,,indirect", err, sizeof err) == -1);
  CHECK(options_parse("leak_kinds_fail=", err, sizeof err) == -1);
  CHECK(options_parse("leak_kinds_fail=none", err, sizeof err) == 0);
  /* A name twice in one string is a notice; across strings it is not. */
  CHECK(options_parse("exitcode=3:exitcode=4:exitcode=5", err, sizeof err) == 0);
  CHECK(sl_opt.exitcode == 5);
  CHECK(options_notices() &&
        strstr(options_notices(), "option 'exitcode' is given more than once"));
  CHECK(strchr(options_notices(), '\n') ==
        options_notices() + strlen(options_notices()) - 1);
  CHECK(options_init("exitcode=5", NULL, NULL, err, sizeof err) == 0);
  CHECK(options_notices() == NULL);
  /* A log_path with no room for ".<pid>" in PATH_MAX. */
  static char long_path[4200];
  memcpy(long_path, "log_path=", 9);
  memset(long_path + 9, 'a', 4082);
  CHECK(options_parse(long_path, err, sizeof err) == -1);
  CHECK(strstr(err, "option 'log_path' in SLEUTH_OPTIONS: Path is too long: "
                    "aaaaaaaa... (4082 bytes"));
  /* In ASAN_OPTIONS it is kept: the first report says ASan's line. */
  CHECK(options_init(NULL, long_path, NULL, err, sizeof err) == 0);
  CHECK(strlen(sl_opt.log_path) == 4082);
  long_path[9 + 4081] = 0;
  CHECK(options_parse(long_path, err, sizeof err) == 0);
  CHECK_DONE("options_test");
}
