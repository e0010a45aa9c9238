// jeprof reads a dump with the 'unbiased:' lines (one after each t line,
// which it skips) as before: its view of object-counts-mixed.c's dump is
// jeprof's own scaling (which undercounts the mixed sizes), and
// sleuth-report's count of the same dump is higher.
// REQUIRES: jeprof
// RUN: %sleuth_cc -O1 -g %S/object-counts-mixed.c -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=16384:heap_profile_prefix=%t.d/p %run %t
// RUN: grep -c '^  unbiased: ' %t.d/p.*.0.heap | FileCheck %s --check-prefix=LINES
// LINES: {{[0-9]+}}
// RUN: jeprof --text --alloc_objects %t %t.d/p.*.0.heap 2>/dev/null > %t.jeprof
// RUN: FileCheck %s < %t.jeprof
// CHECK: Total: {{[0-9]+}} objects
// CHECK-NEXT: {{^ +[0-9]+ +[0-9.]+% +[0-9.]+% +[0-9]+ +[0-9.]+%}} mixed_site
// RUN: %sleuth_build/bin/sleuth-report --top 1 --alloc-objects %t.d/p.*.0.heap > %t.sleuth
// RUN: %python -c "import sys; j=int(open(sys.argv[1]).read().split('Total: ')[1].split()[0]); s=int(open(sys.argv[2]).read().split('Total: ')[1].split()[0]); print('sleuth-report counts more:', s > j * 1.2)" %t.jeprof %t.sleuth | FileCheck %s --check-prefix=MORE
// MORE: sleuth-report counts more: True
int unbiased_objects_jeprof_has_no_code_of_its_own;
