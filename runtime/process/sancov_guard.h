/* SanitizerCoverage's trace-pc-guard runtime (sancov_guard.c). */
#ifndef SLEUTH_SANCOV_GUARD_H
#define SLEUTH_SANCOV_GUARD_H

/* With coverage=1: writes the .sancov files, as at exit. */
void sancov_dump_at_exit(void);

#endif
