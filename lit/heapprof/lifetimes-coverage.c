// Repeated sampling: 40 runs of lifetimes.c's program (each seeds its
// countdowns from the clock) at heap_profile_sample=16384, where the three
// sites rest on about 120 (temporary), 30 (long-lived) and 18 (live)
// samples. The printed 2-sigma bars must cover the true bytes in at least
// 85% of the 120 figures (expected: about 95%; the measured share is
// printed and quoted in docs/heap-profiling.md).
// RUN: %sleuth_cc -O1 -g %S/lifetimes.c -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: %python %S/Inputs/lifetime_coverage.py %sleuth_build/bin/sleuth-report %t heap_profile=1:heap_profile_sample=16384:heap_profile_temporary_ms=50 %t.d 40 85 2000 500 300 150 -- temp_site=temporary:2000000 long_site=long-lived:500000 live_site=live:300000 | FileCheck %s
// CHECK: coverage: {{[0-9]+}} of 120 figures
int lifetimes_coverage_has_no_code_of_its_own;
