// --flamegraph writes one self-contained SVG: well-formed XML, inline
// script for hover/zoom/reset, each frame inside its caller, values as in
// the dump, labels drawn also for viewers without scripts. Names holding
// <, >, & and quotes are escaped.
// RUN: %sleuth_report --no-symbolize --flamegraph %t.svg %report_inputs/exact.heap > %t.out
// RUN: count 0 < %t.out
// RUN: %python %report_inputs/check_svg.py flame %t.svg | FileCheck %s
// CHECK-DAG: frame all value=6900 depth=0
// CHECK-DAG: frame app+0x4000 value=6000 depth=1 label=app+0x4000{{$}}
// CHECK-DAG: frame app+0x1000 value=6000 depth=2
// CHECK-DAG: frame app+0x2000 value=5000 depth=3
// CHECK-DAG: frame app+0x5000 value=900 depth=1
// CHECK-DAG: frame libworker.so+0x1000 value=900 depth=2
// CHECK: well-formed svg
// Growth only: stacks that shrank are not drawn.
// RUN: %sleuth_report --no-symbolize --flamegraph %t.diff.svg --base %report_inputs/base.heap %report_inputs/exact.heap
// RUN: %python %report_inputs/check_svg.py flame %t.diff.svg | FileCheck %s --check-prefix=DIFF --implicit-check-not=0x6000
// DIFF-DAG: frame all value=6200 depth=0
// DIFF-DAG: frame app+0x2000 value=5000 depth=3
// DIFF: well-formed svg
// Names that need escaping (a module named with XML specials).
// RUN: sed 's|/fixture/app|/fixture/a<b>\&"c|' %report_inputs/exact.heap > %t.heap
// RUN: %sleuth_report --no-symbolize --flamegraph %t.esc.svg %t.heap
// RUN: %python %report_inputs/check_svg.py flame %t.esc.svg | FileCheck %s --check-prefix=ESC
// ESC: frame a<b>&"c+0x4000 value=6000 depth=1
int main(void) { return 0; }
