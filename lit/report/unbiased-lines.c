// Object counts come from a dump's unbiased: lines when it has them: the
// estimate is the line's sum of 1/p (300.5 here) and its 2-sigma error
// twice the square root of the line's variance (2 x 300), where jeprof's
// scaling of the same three samples with their mean size (1370.7 bytes at
// interval 4096) gives 10 objects. Bytes keep jeprof's scaling. A
// malformed line, or one that follows no t line, is an error naming it.
// RUN: printf 'heap_v2/4096\n  t*: 3: 4112 [3: 4112]\n  unbiased: 300.500: 90000.000 [300.500: 90000.000]\n@ 0x1000\n  t*: 3: 4112 [3: 4112]\n  unbiased: 300.500: 90000.000 [300.500: 90000.000]\n  t0: 3: 4112 [3: 4112]\n  unbiased: 300.500: 90000.000 [300.500: 90000.000]\n\nMAPPED_LIBRARIES:\n' > %t.heap
// RUN: %sleuth_report --no-symbolize --alloc-objects --error-bars %t.heap | FileCheck %s --check-prefix=UNBIASED
// UNBIASED: Type: alloc_objects, sample interval 4096 bytes (estimates, unbiased: each sample counts 1/p objects, p its size's chance to be sampled)
// UNBIASED-NEXT: Total: 300 objects +- 600 (2 sigma, 3 samples)
// RUN: %sleuth_report --no-symbolize --threads --inuse-objects --error-bars %t.heap | FileCheck %s --check-prefix=THREAD
// THREAD: Total: 300 objects +- 600 (2 sigma, 3 samples)
// RUN: grep -v unbiased %t.heap > %t.jeprof.heap
// RUN: %sleuth_report --no-symbolize --alloc-objects %t.jeprof.heap | FileCheck %s --check-prefix=JEPROF
// JEPROF: Type: alloc_objects, sample interval 4096 bytes (estimates, scaled as jeprof does)
// JEPROF-NEXT: Total: 10 objects
// RUN: %sleuth_report --no-symbolize %t.heap | FileCheck %s --check-prefix=BYTES
// RUN: %sleuth_report --no-symbolize %t.jeprof.heap | FileCheck %s --check-prefix=BYTES
// BYTES: Total: 14458 bytes
// RUN: sed 's/unbiased: 300.500: 90000.000 \[/unbiased: 300.500 90000.000 [/' %t.heap > %t.bad.heap
// RUN: not %sleuth_report --no-symbolize %t.bad.heap 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: sleuth-report: {{.*}}bad.heap:3: malformed line: expected 'unbiased: <objects>: <variance> [<objects>: <variance>]' right after a 't' line
// RUN: printf 'heap_v2/4096\n@ 0x1000\n  t*: 3: 4112 [3: 4112]\n  life: 1: 10 [0: 0]\n  unbiased: 1.000: 0.000 [1.000: 0.000]\n' > %t.orphan.heap
// RUN: not %sleuth_report --no-symbolize %t.orphan.heap 2>&1 | FileCheck %s --check-prefix=ORPHAN
// ORPHAN: sleuth-report: {{.*}}orphan.heap:5: malformed line: expected 'unbiased:
int main(void) { return 0; }
