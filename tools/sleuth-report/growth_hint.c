/* A first run with the defaults writes one dump, at exit, sampled once per
 * 512 KiB: nothing to compare, or a growth that rests on a handful of
 * samples and is all within its error bars. Both answer "what is in use",
 * not "what grows". The line names the runtime options that do: dumps over
 * time to compare (heap_profile_interval_s, or SIGUSR2), and a sampling
 * interval small enough that a leak shows in enough samples
 * (heap_profile_sample; docs/heap-profiling.md, "Choosing the interval"
 * has the arithmetic: an eighth of the current one gives about 2.8 times
 * narrower bars relative to the growth). */
#include "growth_hint.h"

void growth_hint(FILE *out, double sample, bool one_dump) {
  double smaller = sample > 8 ? sample / 8 : 0;
  if (smaller >= 4096)
    smaller = (double)((unsigned long long)smaller / 4096 * 4096);
  fprintf(out, "%s: to see what grows, run with "
          "SLEUTH_OPTIONS=heap_profile_interval_s=10",
          one_dump ? "one dump, nothing to compare"
                   : "no growth beyond the sampling noise");
  if (smaller >= 1)
    fprintf(out, ":heap_profile_sample=%.0f (now %.0f)", smaller, sample);
  fputs(" and compare dumps with --base OLD NEW or --watch PREFIX\n", out);
}
