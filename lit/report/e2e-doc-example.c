// The example of docs/heap-profiling.md keeps doing what the page says:
// dumps at exit of two runs (100 and 300 requests, every allocation
// recorded) differ by exactly 200 session entries of 256 bytes, all from
// the calloc in session_for, and nothing else grew.
// RUN: %sleuth_cc -O1 %sleuth_src/docs/examples/growing_service.c -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_prefix=%t.d/a %t 100 0 | FileCheck %s --check-prefix=RUN100
// RUN100: served 100 requests
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_prefix=%t.d/b %t 300 0 > /dev/null
// RUN: %sleuth_report --lines --base %t.d/a.*.0.heap %t.d/b.*.0.heap | FileCheck %s
// CHECK: Total: 51200 bytes
// CHECK: flat
// CHECK-NEXT: {{^ +}}51200 100.00% 100.00% {{.*}} session_for {{.*}}growing_service.c:35
// CHECK-NOT: parse_request
// CHECK-NOT: load_config
// RUN: %sleuth_report --inuse-objects --base %t.d/a.*.0.heap %t.d/b.*.0.heap | FileCheck %s --check-prefix=OBJ
// OBJ: Total: 200 objects
int main(void) { return 0; }
