// --base OLD: per stack, new minus old, so what is shown is exactly the
// growth: a stack that grew shows its increase, an unchanged stack
// disappears, a stack only in the base shows its negative.
// RUN: %sleuth_report --no-symbolize --base %report_inputs/base.heap %report_inputs/exact.heap | FileCheck %s
// CHECK: Base: {{.*}}base.heap (values are the growth since the base)
// CHECK: Total: 6000 bytes
// CHECK: {{^ +}}5000 {{.*}} app+0x2000
// CHECK-NEXT: {{^ +}}600 {{.*}} 5600 {{.*}} app+0x1000
// CHECK-NEXT: {{^ +}}600 {{.*}} 600 {{.*}} libworker.so+0x1000
// CHECK-NEXT: {{^ +}}0 {{.*}} 5400 {{.*}} app+0x4000
// CHECK-NEXT: {{^ +}}0 {{.*}} 600 {{.*}} app+0x5000
// CHECK-NEXT: {{^ +}}-200 {{.*}} -200 {{.*}} app+0x6000
// RUN: %sleuth_report --no-symbolize --stacks --inuse-objects --base %report_inputs/base.heap %report_inputs/exact.heap | FileCheck %s --check-prefix=STACKS
// STACKS: Total: 11 objects
// STACKS: 6 objects ({{.*}}) in 600 bytes
// STACKS-NEXT: #0 app+0x1000
// STACKS-NEXT: #1 app+0x4000
// STACKS: -2 objects ({{.*}}) in -200 bytes
// STACKS-NEXT: #0 app+0x6000
// A dump minus itself is empty.
// RUN: %sleuth_report --no-symbolize --base %report_inputs/exact.heap %report_inputs/exact.heap | FileCheck %s --check-prefix=SAME
// SAME: Total: 0 bytes
// SAME: Showing 0 of 0 functions
// Folded stacks of the growth: only stacks that grew.
// RUN: %sleuth_report --no-symbolize --collapsed --base %report_inputs/base.heap %report_inputs/exact.heap | FileCheck %s --check-prefix=FOLD --implicit-check-not=0x6000
// FOLD: app+0x4000;app+0x1000 600
// FOLD-NEXT: app+0x4000;app+0x1000;app+0x2000 5000
// FOLD-NEXT: app+0x5000;libworker.so+0x1000 600
int main(void) { return 0; }
