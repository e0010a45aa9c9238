// A dump that carries its own symbols (the symbolized profile jeprof and
// pprof write: "--- symbol" with return address minus one and name, then
// "--- heap" and the heap_v2 dump) needs no symbolizer; jeprof's
// "<offset>" suffixes are dropped.
// RUN: env SLEUTH_SYMBOLIZER_PATH=/nonexistent %sleuth_report %report_inputs/symbolized.heap 2>&1 | FileCheck %s --implicit-check-not=warning
// CHECK: Total: 6900 bytes
// CHECK: {{^ +}}5000 {{.*}}  std::vector<int, std::allocator<int> >::push_back(int const&){{$}}
// CHECK-NEXT: {{^ +}}1000 {{.*}} 6000 {{.*}}  alloc_node{{$}}
// CHECK-NEXT: {{^ +}}900 {{.*}}  worker_alloc{{$}}
// CHECK-NEXT: {{^ +}}0 {{.*}} 6000 {{.*}}  main{{$}}
// CHECK-NEXT: {{^ +}}0 {{.*}} 900 {{.*}}  worker_main{{$}}
// RUN: printf -- '--- symbol\nbinary=x\nnot a symbol\n' > %t.heap
// RUN: %sleuth_report %t.heap > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=BAD --match-full-lines < %t.out
// BAD: sleuth-report: {{.*}}.heap:3: malformed symbol line: expected '0x<address> <name>'
// RUN: printf -- '--- symbol\n0x1 f\n---\nheap_v2/1\n' > %t.nomarker.heap
// RUN: %sleuth_report %t.nomarker.heap > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=MARKER --match-full-lines < %t.out
// MARKER: sleuth-report: {{.*}}nomarker.heap:4: expected '--- heap' after the symbol section
int main(void) { return 0; }
