// A growth flame graph (--base) says what it shows: its title names the
// two dumps, the line under it the growth, over how long (the two dumps'
// dump lines in the timeline beside them, 10 s apart) and the rate; in
// the top sites, app+0x2000, whose growth (2 samples) is within its
// 2-sigma error (error-bars.c), is marked '~' and greyed, and
// app+0x1000's real growth is not.
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: cp %report_inputs/noise.0.heap %t.dir/prof.200.0.heap && cp %report_inputs/noise.1.heap %t.dir/prof.200.1.heap
// RUN: printf '# sleuth-timeline 1 pid=200 sample=4096 checker=1\nsample 0 1000 9000 1000 1 1 0 0 0\ndump 5000 why=interval prof.200.0.heap\ndump 15000 why=signal prof.200.1.heap\n' > %t.dir/prof.200.timeline
// RUN: %sleuth_report --no-symbolize --flamegraph %t.svg --base %t.dir/prof.200.0.heap %t.dir/prof.200.1.heap
// RUN: FileCheck %s < %t.svg
// CHECK: inuse_space growth: prof.200.1.heap minus prof.200.0.heap</text>
// CHECK-NEXT: <text id="span" {{.*}}>+209.6 KiB +- 75.0 KiB in 10.000 s (between the two dumps, from the timeline prof.200.timeline): +21.0 KiB/s</text>
// CHECK: <g class="site" data-name="app+0x1000"><title>app+0x1000 — 201.6 KiB (206404 bytes), 96.15% +- 57925 (2 sigma, 70 samples)</title><text {{[^>]*}}> {{ *}}201.6 KiB
// CHECK-NEXT: <g class="site noise" data-name="app+0x2000"><title>app+0x2000 — 8.1 KiB (8256 bytes), 3.85% +- 50498 (2 sigma, 42 samples): within the noise</title><text {{[^>]*}}>~{{ *}}8.1 KiB
// CHECK: ~ = growth within its sampling noise (2 sigma)
// A single dump's flame graph has neither the line nor the marks.
// RUN: %sleuth_report --no-symbolize --flamegraph %t.one.svg %t.dir/prof.200.1.heap
// RUN: FileCheck %s --check-prefix=ONE < %t.one.svg
// ONE-NOT: id="span"
// ONE-NOT: site noise
// ONE: inuse_space: prof.200.1.heap</text>
int main(void) { return 0; }
