// --timeline OUT.svg draws heap in use and RSS from the .timeline file,
// with one mark per dump; the timeline is also found beside a dump.
// RUN: %sleuth_report --timeline %t.svg %report_inputs/prof.100.timeline
// RUN: %python %report_inputs/check_svg.py timeline %t.svg | FileCheck %s
// CHECK: series heap in use points=5
// CHECK: series RSS (anonymous + file) points=5
// CHECK: series RSS anonymous points=5
// CHECK: dump 1 /somewhere/else/prof.100.0.heap
// CHECK: dump 2 /somewhere/else/prof.100.1.heap
// CHECK: well-formed svg
// RUN: rm -rf %t.dir && mkdir %t.dir && cp %report_inputs/prof.100.timeline %report_inputs/exact.heap %t.dir/ && mv %t.dir/exact.heap %t.dir/prof.100.1.heap
// RUN: %sleuth_report --no-symbolize --timeline %t.dir/t.svg %t.dir/prof.100.1.heap | FileCheck %s --check-prefix=BESIDE
// BESIDE: Total: 6900 bytes
// RUN: %python %report_inputs/check_svg.py timeline %t.dir/t.svg | FileCheck %s --check-prefix=CHECK
// Without a timeline there is nothing to draw.
// RUN: not %sleuth_report --no-symbolize --timeline %t.none.svg %report_inputs/exact.heap 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: sleuth-report: --timeline needs a timeline file (<prefix>.<pid>.timeline)
int main(void) { return 0; }
