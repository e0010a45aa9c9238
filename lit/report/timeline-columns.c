// The timeline's sample lines: 6 columns (written before the lifetime
// classes) and 8 (with heap in use younger and older than
// heap_profile_temporary_ms) both read; 7 is malformed.
// RUN: printf '# sleuth-timeline 1 pid=1 sample=1\nsample 0 100 2000 3000 4 5\nsample 90 200 2000 3000 6 7 150 50\n' > %t.mixed.timeline
// RUN: %sleuth_report --timeline %t.svg %t.mixed.timeline
// RUN: grep -c '<svg' %t.svg | FileCheck %s --check-prefix=SVG
// SVG: 1
// RUN: printf '# sleuth-timeline 1 pid=1 sample=1\nsample 0 100 2000 3000 4 5 6\n' > %t.seven.timeline
// RUN: not %sleuth_report --timeline %t.svg %t.seven.timeline 2>&1 | FileCheck %s
// CHECK: sleuth-report: {{.*}}seven.timeline:2: malformed sample line
int main(void) { return 0; }
