// jeprof reads a dump with the lifetime lines ('# lifetimes' and 'life:',
// which it skips) as before: its top in-use function is live_site, the
// only one with blocks live at exit, and long_site, whose blocks were all
// freed (long-lived), is not in the in-use view.
// REQUIRES: jeprof
// RUN: %sleuth_cc -O1 -g %S/lifetimes.c -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=4096:heap_profile_temporary_ms=200:heap_profile_prefix=%t.d/p %run %t 2000 500 300 300
// RUN: grep -c '^  life: ' %t.d/p.*.0.heap | FileCheck %s --check-prefix=LINES
// LINES: 2
// RUN: jeprof --text %t %t.d/p.*.0.heap 2>/dev/null | FileCheck %s
// CHECK: Total: {{[0-9.]+}} MB
// CHECK-NEXT: {{^ +[0-9.]+ +100.0% +100.0% +[0-9.]+ +100.0%}} live_site
// CHECK-NOT: long_site
// CHECK-NOT: temp_site
// Cumulative view: all three sites, temp_site (2 MB) first.
// RUN: jeprof --text --alloc_space %t %t.d/p.*.0.heap 2>/dev/null | FileCheck %s --check-prefix=ALLOC
// ALLOC: Total: {{[0-9.]+}} MB
// ALLOC-NEXT: temp_site
// ALLOC-DAG: long_site
// ALLOC-DAG: live_site
int lifetimes_jeprof_has_no_code_of_its_own;
