// Profile-only mode under jemalloc, linked or preloaded: the program keeps
// its allocator, the timeline's heap in use is what jemalloc gives the
// live blocks (its malloc_usable_size; within 10% of what the program
// requested), and the triggers and alerts fire from that figure: one
// alert for a peak between 16 and 32 MiB, growth dumps one per 4 MiB.
// Before the fix the program ran on glibc's allocator (jemalloc does not
// define glibc's __libc_malloc names, which Sleuth called), and realloc
// asked jemalloc's malloc_usable_size about glibc's blocks: a crash.
// REQUIRES: libjemalloc
// RUN: %clang -O1 -g %S/Inputs/known_heap.c -o %t.linked -ljemalloc -ldl
// RUN: %clang -O1 -g %S/Inputs/known_heap.c -o %t.plain -ldl
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile_prefix=%t.d/l:heap_profile_alert_mb=16:heap_profile_inuse_interval=4m \
// RUN:   %sleuth_run --profile %t.linked > %t.d/l.out 2> %t.d/l.err
// RUN: FileCheck %s --check-prefix=LOG < %t.d/l.err
// RUN: %python %S/Inputs/check_heap_truth.py %t.d/l.*.timeline %t.d/l.out 4 | FileCheck %s
// LOG: Sleuth: the program's allocator is libjemalloc.so.2, not glibc's: heap in use counts the bytes it gives each block (its malloc_usable_size), as its own statistics do
// LOG-NEXT: WARNING: Sleuth: heap in use passed 16 MiB (heap_profile_alert_mb=16)
// LOG-NOT: passed
// CHECK: # sleuth-timeline 1 pid={{[0-9]+}} sample={{[0-9]+}} checker=0 heap=usable:libjemalloc.so.2
// CHECK: within 10% of requested: yes
// CHECK: usable sizes {{[0-9]+}}: ratio {{[0-9.]+}}, within 2%: yes
// CHECK: largest sample below 1.25x the peak: yes
// CHECK: dumps as the trigger explains
// The live view says what the figure counts.
// RUN: %sleuth_build/bin/sleuth-report --watch %t.d/l | FileCheck %s --check-prefix=WATCH
// WATCH: at {{[0-9.]+}}s: heap in use (libjemalloc.so.2's block sizes) {{[0-9.]+}} MiB
//
// Preloaded behind libsleuth.so (sleuth-run puts its own first): the same.
// RUN: env LD_PRELOAD=%libjemalloc_so SLEUTH_OPTIONS=heap_profile_prefix=%t.d/p %sleuth_run --profile %t.plain > %t.d/p.out 2> %t.d/p.err
// RUN: FileCheck %s --check-prefix=LOG1 < %t.d/p.err
// RUN: %python %S/Inputs/check_heap_truth.py %t.d/p.*.timeline %t.d/p.out | FileCheck %s --check-prefix=PRE
// LOG1: the program's allocator is libjemalloc.so.2{{[.0-9]*}}, not glibc's
// PRE: heap=usable:libjemalloc.so.2{{[.0-9]*}}
// PRE: within 10% of requested: yes
// PRE: within 2%: yes
//
// Preloaded in front of libsleuth.so, jemalloc takes malloc itself: the
// counters see nothing, so nothing is counted or sampled (a sampled block
// from Sleuth's own strdup would reach jemalloc's free 16 bytes into its
// allocation), said once, and no alert fires from the empty figure. The
// program's strdup'd string is freed by jemalloc: it came from jemalloc.
// RUN: env LD_PRELOAD=%libjemalloc_so:%sleuth_lib SLEUTH_OPTIONS=heap_profile=1:checker=0:heap_profile_prefix=%t.d/f:heap_profile_alert_mb=1 %t.plain > %t.d/f.out 2> %t.d/f.err
// RUN: FileCheck %s --check-prefix=FRONT < %t.d/f.err
// RUN: FileCheck %s --check-prefix=FRONTHDR < %t.d/f.*.timeline
// FRONT: WARNING: Sleuth: malloc is not Sleuth's: it resolves to a module loaded before libsleuth.so (libjemalloc.so.2{{[.0-9]*}}): heap in use is not counted and heap_profile_inuse_interval, heap_profile_peak and heap_profile_alert_mb are off; nothing is sampled (the program's calls do not reach Sleuth)
// FRONT-NOT: passed
// FRONTHDR: heap=unmeasured:libjemalloc.so.2{{[.0-9]*}}
