// A sampled dump (heap_v2/4096) is scaled as jeprof does: each stack's
// counts times 1/(1-exp(-avg/interval)), avg = its bytes / objects, printed
// without the fraction as jeprof prints them. The expected numbers are
// computed here from that formula, independently of sleuth-report.
// RUN: %python -c "import math; s=lambda b,n: b/(1-math.exp(-(b/n)/4096)); \
// RUN:   o=lambda b,n: n/(1-math.exp(-(b/n)/4096)); \
// RUN:   print('-DA=%%d -DB=%%d -DT=%%d -DAO=%%d -DBO=%%d' %% (int(s(1000,10)), int(s(50000,5)), \
// RUN:   int(s(1000,10)+s(50000,5)), int(o(1000,10)), int(o(50000,5))))" > %t.vars
// RUN: %sleuth_report --no-symbolize %report_inputs/scaled.heap | FileCheck %s $(cat %t.vars)
// CHECK: Type: inuse_space, sample interval 4096 bytes (estimates, scaled as jeprof does)
// CHECK: Total: [[T]] bytes
// CHECK: {{^ +}}[[B]] {{.*}} [[B]] {{.*}} app+0x2000
// CHECK-NEXT: {{^ +}}[[A]] {{.*}} [[T]] {{.*}} app+0x1000
// RUN: %sleuth_report --no-symbolize --inuse-objects %report_inputs/scaled.heap | FileCheck %s --check-prefix=OBJ $(cat %t.vars)
// OBJ: {{^ +}}[[AO]] {{.*}} app+0x1000
// OBJ-NEXT: {{^ +}}[[BO]] {{.*}} app+0x2000
int main(void) { return 0; }
