// --threads splits by the dump's tN: lines; --focus/--ignore keep or drop
// whole stacks by a POSIX regex on their function names; --collapsed
// writes folded stacks, outermost frame first.
// RUN: %sleuth_report --no-symbolize --threads %report_inputs/exact.heap | FileCheck %s --check-prefix=THREADS
// THREADS: Total: 6900 bytes
// THREADS: Thread T1: 3900 bytes (56.52% of total)
// THREADS-NEXT: Showing 5 of 5 functions
// THREADS: {{^ +}}3000 {{.*}} app+0x2000
// THREADS-NEXT: {{^ +}}900 {{.*}} libworker.so+0x1000
// THREADS: Thread T0: 3000 bytes (43.48% of total)
// THREADS: {{^ +}}2000 {{.*}} app+0x2000
// THREADS-NEXT: {{^ +}}1000 {{.*}} 3000 {{.*}} app+0x1000
// RUN: %sleuth_report --no-symbolize --focus 'app\+0x2000' %report_inputs/exact.heap | FileCheck %s --check-prefix=FOCUS
// FOCUS: Total: 5000 bytes
// FOCUS-NOT: libworker
// RUN: %sleuth_report --no-symbolize --ignore '0x2000$' %report_inputs/exact.heap | FileCheck %s --check-prefix=IGNORE
// IGNORE: Total: 1900 bytes
// IGNORE-NOT: app+0x2000
// RUN: %sleuth_report --no-symbolize --focus '^app' --ignore 'libworker' %report_inputs/exact.heap | FileCheck %s --check-prefix=BOTH
// BOTH: Total: 6000 bytes
// RUN: not %sleuth_report --no-symbolize --focus '(' %report_inputs/exact.heap 2>&1 | FileCheck %s --check-prefix=BADRE
// BADRE: sleuth-report: --focus '(': bad regular expression
// RUN: %sleuth_report --no-symbolize --collapsed %report_inputs/exact.heap | FileCheck %s --check-prefix=FOLD --match-full-lines
// FOLD: app+0x4000;app+0x1000 1000
// FOLD-NEXT: app+0x4000;app+0x1000;app+0x2000 5000
// FOLD-NEXT: app+0x5000;libworker.so+0x1000 900
// RUN: %sleuth_report --no-symbolize --collapsed --alloc-objects %report_inputs/exact.heap | FileCheck %s --check-prefix=FOLDOBJ --match-full-lines
// FOLDOBJ: app+0x4000;app+0x1000 20
// FOLDOBJ-NEXT: app+0x4000;app+0x1000;app+0x2000 5
// FOLDOBJ-NEXT: app+0x5000;libworker.so+0x1000 6
int main(void) { return 0; }
