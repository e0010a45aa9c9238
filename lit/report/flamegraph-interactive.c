// The flame graph's inline script, run under node with a minimal DOM:
// hovering shows frame, value and percentage; clicking a frame makes it
// full width, scales its callees, keeps its callers, hides the rest and
// shows "Reset zoom"; reset restores the first layout.
// REQUIRES: node
// RUN: %sleuth_report --no-symbolize --flamegraph %t.svg %report_inputs/exact.heap
// RUN: %python %report_inputs/check_svg.py dom %t.svg > %t.json
// RUN: node %report_inputs/flamegraph_dom.js app+0x1000 < %t.json | FileCheck %s
// CHECK: initial all x=10.0 w=1180.0 label=all
// CHECK: initial app+0x2000 x=10.0 w=855.1 label=app+0x2000
// CHECK: initial libworker.so+0x1000 x=1036.1 w=153.9 label=libworker.so+0x1000
// CHECK: initial reset hidden
// CHECK-NEXT: details app+0x1000 (app) — 5.9 KiB (6000 bytes), 86.96%
// CHECK-NEXT: zoomed all x=10.0 w=1180.0
// CHECK-NEXT: zoomed app+0x4000 x=10.0 w=1180.0
// CHECK-NEXT: zoomed app+0x1000 x=10.0 w=1180.0
// CHECK-NEXT: zoomed app+0x2000 x=10.0 w=983.3
// CHECK-NEXT: zoomed reset shown
// CHECK-NEXT: reset all x=10.0 w=1180.0
// CHECK: reset app+0x2000 x=10.0 w=855.1
// CHECK: reset libworker.so+0x1000 x=1036.1 w=153.9
// CHECK: reset reset hidden
int main(void) { return 0; }
