// --timeline OUT.svg draws heap in use, Sleuth's overhead, the allocation
// rate and RSS from the .timeline file in separate panels, with one mark
// per dump labelled with the dump's file number and why it was written;
// the timeline is also found beside a dump. An old file (six columns) has
// no overhead: the panel says so.
// RUN: %sleuth_report --timeline %t.svg %report_inputs/prof.100.timeline
// RUN: %python %report_inputs/check_svg.py timeline %t.svg | FileCheck %s
// CHECK: series heap in use points=5
// CHECK: series RSS (anonymous + file) points=5
// CHECK: series RSS anonymous points=5
// CHECK: series rest of RSS points=5
// CHECK-NOT: area
// CHECK: dump 0 /somewhere/else/prof.100.0.heap
// CHECK: dump 1 /somewhere/else/prof.100.1.heap
// CHECK: well-formed svg
// RUN: grep -c 'recorded in this timeline' %t.svg | FileCheck %s --check-prefix=OLD
// OLD: 1
// With the overhead columns: quarantine, shadow and depot as stacked bands
// (each band's polygon: the samples along its top and back along its
// bottom), and no note. Extra columns of a newer runtime are ignored.
// RUN: printf '# sleuth-timeline 1 pid=7 sample=1\nsample 0 100 9000 1000 1 1 10 20 30\nsample 1000 200 9000 1000 2 1 10 20 30 99\ndump 1000 /x/p.7.12.heap\n' > %t.new.timeline
// RUN: %sleuth_report --timeline %t.new.svg %t.new.timeline
// RUN: %python %report_inputs/check_svg.py timeline %t.new.svg | FileCheck %s --check-prefix=NEW
// NEW: series heap in use points=2
// NEW: area quarantine points=4
// NEW: area shadow (heap/8) points=4
// NEW: area stack depot (mapped) points=4
// NEW: dump 12 /x/p.7.12.heap
// RUN: not grep 'recorded in this' %t.new.svg
// RUN: grep -o 'Heap in use [^<]*' %t.new.svg | FileCheck %s --check-prefix=NOW
// NOW: now 200 B
// One mark per dump: a timeline of before the runtime wrote one line per
// dump lists both files of a heap_profile_format=both dump (.12.heap and
// .12.pb.gz); marks say why a dump was written (why=); the overhead panel
// is there (checker=1) beside the allocation rate.
// RUN: printf '# sleuth-timeline 1 pid=7 sample=1 checker=1\nsample 0 100 9000 1000 1 1 10 20 30\nsample 1000 200 9000 1000 2 1 10 20 30\ndump 1000 /x/p.7.12.heap\ndump 1001 /x/p.7.12.pb.gz\ndump 1010 why=signal /x/p.7.13.heap\ndump 1020 why=peak /x/p.7.14.pb.gz\n' > %t.why.timeline
// RUN: %sleuth_report --timeline %t.why.svg %t.why.timeline
// RUN: %python %report_inputs/check_svg.py timeline %t.why.svg | FileCheck %s --check-prefix=WHY
// WHY: series heap in use points=2
// WHY-NEXT: series allocations per second points=2
// WHY-NEXT: series RSS (anonymous + file) points=2
// WHY: area quarantine points=4
// WHY: dump 12 /x/p.7.12.heap
// WHY-NEXT: dump 13 signal /x/p.7.13.heap
// WHY-NEXT: dump 14 peak /x/p.7.14.pb.gz
// WHY-NEXT: well-formed svg
// Profile-only mode (checker=0): no overhead panel, the title says so.
// RUN: sed 's/checker=1/checker=0/' %t.why.timeline > %t.po.timeline
// RUN: %sleuth_report --timeline %t.po.svg %t.po.timeline
// RUN: %python %report_inputs/check_svg.py timeline %t.po.svg | FileCheck %s --check-prefix=PO
// PO-NOT: area quarantine
// PO: dump 12
// RUN: not grep -q "Sleuth's overhead" %t.po.svg
// RUN: grep -o 'pid 7, profile-only' %t.po.svg | FileCheck %s --check-prefix=POTITLE
// POTITLE: pid 7, profile-only
// RUN: rm -rf %t.dir && mkdir %t.dir && cp %report_inputs/prof.100.timeline %report_inputs/exact.heap %t.dir/ && mv %t.dir/exact.heap %t.dir/prof.100.1.heap
// RUN: %sleuth_report --no-symbolize --timeline %t.dir/t.svg %t.dir/prof.100.1.heap | FileCheck %s --check-prefix=BESIDE
// BESIDE: Total: 6900 bytes
// RUN: %python %report_inputs/check_svg.py timeline %t.dir/t.svg | FileCheck %s --check-prefix=CHECK
// Without a timeline there is nothing to draw.
// RUN: not %sleuth_report --no-symbolize --timeline %t.none.svg %report_inputs/exact.heap 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: sleuth-report: --timeline needs a timeline file (<prefix>.<pid>.timeline)
int main(void) { return 0; }
