// help=1 lists every option of DESIGN §5 with its default, then exits 0
// before main.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=help=1 %run %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
#include <stdio.h>

int main(void) {
  puts("main ran");
  return 0;
}
// CHECK-NOT: main ran
// CHECK-DAG: {{^ *}}halt_on_error {{.*}}default 1
// CHECK-DAG: {{^ *}}exitcode {{.*}}default 1
// CHECK-DAG: {{^ *}}log_path {{.*}}default
// CHECK-DAG: {{^ *}}log_format {{.*}}default text
// CHECK-DAG: {{^ *}}verbosity {{.*}}default 0
// CHECK-DAG: {{^ *}}color {{.*}}default
// CHECK-DAG: {{^ *}}quarantine_size_mb {{.*}}default
// CHECK-DAG: {{^ *}}redzone {{.*}}default 16
// CHECK-DAG: {{^ *}}malloc_context_size {{.*}}default
// CHECK-DAG: {{^ *}}symbolize {{.*}}default 1
// CHECK-DAG: {{^ *}}external_symbolizer_path {{.*}}default
// CHECK-DAG: {{^ *}}detect_leaks {{.*}}default
// CHECK-DAG: {{^ *}}show_reachable {{.*}}default 0
// CHECK-DAG: {{^ *}}leak_kinds_fail {{.*}}default direct,indirect
// CHECK-DAG: {{^ *}}suppressions {{.*}}default
// CHECK-DAG: {{^ *}}detect_stack_use_after_return {{.*}}default
// CHECK-DAG: {{^ *}}alloc_dealloc_mismatch {{.*}}default 1
// CHECK-DAG: {{^ *}}allocator_may_return_null {{.*}}default 0
// CHECK-DAG: {{^ *}}heap_profile {{.*}}default 0
// CHECK-DAG: {{^ *}}heap_profile_sample {{.*}}default 524288
// CHECK-DAG: {{^ *}}heap_profile_prefix {{.*}}default
// CHECK-DAG: {{^ *}}heap_profile_interval_s {{.*}}default
// CHECK-DAG: {{^ *}}heap_profile_signal {{.*}}default
// CHECK-DAG: {{^ *}}help {{.*}}default 0
// CHECK-NOT: main ran
