// --by-module: growth per module of the allocating frame, in bytes per
// second over the span between the two dumps. The span comes from the
// timeline beside the dumps (its 'dump' lines), else from the files'
// modification times; --limit gives the time until the heap reaches it.
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: cp %report_inputs/base.heap %t.dir/prof.100.0.heap && cp %report_inputs/exact.heap %t.dir/prof.100.1.heap
// RUN: cp %report_inputs/prof.100.timeline %t.dir/
// RUN: %sleuth_report --no-symbolize --by-module --limit 66900 --base %t.dir/prof.100.0.heap %t.dir/prof.100.1.heap | FileCheck %s
// CHECK: Growth by module (inuse_space) over 10.000 s (between the two dumps, from the timeline {{.*}}prof.100.timeline)
// CHECK-NEXT: bytes bytes/s share module
// CHECK-NEXT: 5400 540.0 90.00% /fixture/app
// CHECK-NEXT: 600 60.0 10.00% /fixture/libworker.so
// CHECK-NEXT: 6000 600.0 100.00% total
// CHECK-NEXT: Limit 66900 bytes: heap in use now 6900 bytes; at 600.0 bytes/s it is reached in 100.0 s
// Without --base: what is in use, at its rate since the process started.
// RUN: %sleuth_report --no-symbolize --by-module %t.dir/prof.100.1.heap | FileCheck %s --check-prefix=NOBASE
// NOBASE: In use by module (inuse_space) over 11.000 s (since the process started, from the timeline {{.*}})
// NOBASE: 6000 545.5 86.96% /fixture/app
// Without the timeline: the dumps' modification times, 100 s apart here.
// RUN: rm %t.dir/prof.100.timeline
// RUN: touch -d '2026-01-01 00:00:00' %t.dir/prof.100.0.heap && touch -d '2026-01-01 00:01:40' %t.dir/prof.100.1.heap
// RUN: %sleuth_report --no-symbolize --by-module --limit 1M --base %t.dir/prof.100.0.heap %t.dir/prof.100.1.heap | FileCheck %s --check-prefix=MTIME
// MTIME: Growth by module (inuse_space) over 100.000 s (between the dumps' file modification times)
// MTIME: 5400 54.0 90.00% /fixture/app
// MTIME: 6000 60.0 100.00% total
// MTIME: Limit 1048576 bytes: heap in use now 6900 bytes; at 60.0 bytes/s it is reached in 4.8 h
// No time span at all: sizes but no rates.
// RUN: %sleuth_report --no-symbolize --by-module %t.dir/prof.100.1.heap | FileCheck %s --check-prefix=NORATE
// NORATE: In use by module (inuse_space); no time span known (give --base OLD.heap, or keep the .timeline file beside the dump), so no rates
// NORATE: 6000 86.96% /fixture/app
// By source directory: these frames have no source files.
// RUN: %sleuth_report --no-symbolize --by-dir --base %t.dir/prof.100.0.heap %t.dir/prof.100.1.heap | FileCheck %s --check-prefix=DIR
// DIR: Growth by source directory
// DIR: 6000 60.0 100.00% [no source file]
int main(void) { return 0; }
