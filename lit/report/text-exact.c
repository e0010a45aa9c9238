// --text on a dump with interval 1 (every allocation recorded): flat and
// cumulative bytes and objects per function are the dump's counts exactly.
// RUN: %sleuth_report --no-symbolize %report_inputs/exact.heap | FileCheck %s --match-full-lines --strict-whitespace
// CHECK:File: {{.*}}exact.heap
// CHECK-NEXT:Type: inuse_space, sample interval 1 byte (exact counts)
// CHECK-NEXT:Total: 6900 bytes (6.7 KiB)
// CHECK-NEXT:Showing 5 of 5 functions
// CHECK-NEXT:        flat   flat%    sum%          cum    cum%
// CHECK-NEXT:        5000  72.46%  72.46%         5000  72.46%  app+0x2000
// CHECK-NEXT:        1000  14.49%  86.96%         6000  86.96%  app+0x1000
// CHECK-NEXT:         900  13.04% 100.00%          900  13.04%  libworker.so+0x1000
// CHECK-NEXT:           0   0.00% 100.00%         6000  86.96%  app+0x4000
// CHECK-NEXT:           0   0.00% 100.00%          900  13.04%  app+0x5000
// CHECK-NOT:{{.}}

// The other three measures, and --top.
// RUN: %sleuth_report --no-symbolize --inuse-objects %report_inputs/exact.heap | FileCheck %s --check-prefix=OBJS
// OBJS: Type: inuse_objects
// OBJS: Total: 18 objects
// OBJS: {{^ +}}10  55.56%  55.56% 15  83.33%  app+0x1000
// OBJS-NEXT: {{^ +}}5  27.78%  83.33% 5  27.78%  app+0x2000
// RUN: %sleuth_report --no-symbolize --alloc-space --top 2 %report_inputs/exact.heap | FileCheck %s --check-prefix=ALLOC
// ALLOC: Type: alloc_space
// ALLOC: Total: 8800 bytes
// ALLOC: Showing top 2 of 5 functions
// ALLOC: {{^ +}}5000 {{.*}}app+0x2000
// ALLOC-NEXT: {{^ +}}2000 {{.*}} 7000 {{.*}}app+0x1000
// ALLOC-NOT: libworker
// RUN: %sleuth_report --no-symbolize --alloc-objects %report_inputs/exact.heap | FileCheck %s --check-prefix=ALLOCOBJ
// ALLOCOBJ: Total: 31 objects
// ALLOCOBJ: {{^ +}}20 {{.*}} 25 {{.*}}app+0x1000

// Per stack, largest first, with the thread split off only on request.
// RUN: %sleuth_report --no-symbolize --stacks %report_inputs/exact.heap | FileCheck %s --check-prefix=STACKS
// STACKS: Showing 3 of 3 stacks
// STACKS: 5000 bytes (72.46%) in 5 objects, all threads:
// STACKS-NEXT: #0 app+0x2000
// STACKS-NEXT: #1 app+0x1000
// STACKS-NEXT: #2 app+0x4000
// STACKS: 1000 bytes (14.49%) in 10 objects, all threads:
// STACKS: 900 bytes (13.04%) in 3 objects, all threads:
// STACKS-NEXT: #0 libworker.so+0x1000
// STACKS-NEXT: #1 app+0x5000
int main(void) { return 0; }
