// The timeline's sample lines: 6 columns (written before Sleuth's
// overhead and the lifetime classes), 9 (with quarantine, shadow, depot)
// and 11 (with heap in use younger and older than
// heap_profile_temporary_ms) are all read; a column that is not a number
// is malformed.
// RUN: printf '# sleuth-timeline 1 pid=1 sample=1\nsample 0 100 2000 3000 4 5\nsample 90 200 2000 3000 6 7 10 20 30\nsample 190 300 2000 3000 8 9 10 20 30 150 150\n' > %t.mixed.timeline
// RUN: %sleuth_report --timeline %t.svg %t.mixed.timeline
// RUN: grep -c '<svg' %t.svg | FileCheck %s --check-prefix=SVG
// SVG: 1
// With the lifetime columns, heap in use is drawn as two stacked age bands
// under its line; a timeline without them has no bands.
// RUN: printf '# sleuth-timeline 1 pid=1 sample=1\nsample 0 100 2000 3000 4 5 10 20 30 40 60\nsample 100 300 2000 3000 8 9 10 20 30 100 200\n' > %t.age.timeline
// RUN: %sleuth_report --timeline %t.age.svg %t.age.timeline
// RUN: FileCheck %s --check-prefix=AGE < %t.age.svg
// AGE: <polygon class="old" points="{{[^"]+}}"><title>older (long-lived or live)</title></polygon>
// AGE-NEXT: <polygon class="young" points="{{[^"]+}}"><title>young (may be temporary)</title></polygon>
// AGE: <polyline class="heap"
// The bands are estimated (40 + 60 and 100 + 200 here) and the line is
// counted (100 and 300): the bands show the estimated shares of the line,
// so their top is the line, not above or below it.
// RUN: printf '# sleuth-timeline 1 pid=1 sample=1\nsample 0 100 2000 3000 4 5 10 20 30 80 60\nsample 100 300 2000 3000 8 9 10 20 30 100 300\n' > %t.age2.timeline
// RUN: %sleuth_report --timeline %t.age2.svg %t.age2.timeline
// RUN: %python %report_inputs/check_svg.py timeline %t.age2.svg | FileCheck %s --check-prefix=SUM
// SUM: age bands top to heap line: 0.0 px apart at most
// RUN: printf '# sleuth-timeline 1 pid=1 sample=1\nsample 0 100 2000 3000 4 5 10 20 30\nsample 100 300 2000 3000 8 9 10 20 30\n' > %t.noage.timeline
// RUN: %sleuth_report --timeline %t.noage.svg %t.noage.timeline
// RUN: FileCheck %s --check-prefix=NOAGE < %t.noage.svg
// NOAGE-NOT: class="young"
// NOAGE: <polyline class="heap"
// RUN: printf '# sleuth-timeline 1 pid=1 sample=1\nsample 0 100 2000 3000 4 5 6 7 8 young 9\n' > %t.bad.timeline
// RUN: not %sleuth_report --timeline %t.svg %t.bad.timeline 2>&1 | FileCheck %s
// CHECK: sleuth-report: {{.*}}bad.timeline:2: malformed sample line
int main(void) { return 0; }
