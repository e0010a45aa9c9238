// Error bars on hand-made sampled dumps (interval 4096, 64-byte objects:
// p = 1-exp(-64/4096), each sample stands for 4128.08 bytes with variance
// 16776875 bytes^2, so k samples give 2 sigma = 2*4096*0.9922*sqrt(k)).
// noise.1.heap is 10 s after noise.0.heap in one process (prof.200.*):
// stack 0x11000 leaked 50 sampled blocks (10 -> 60 live, 50 allocated), a
// growth far outside its noise; stack 0x12000 went 20 -> 22 live with 20
// allocated in between, at most 38 sampled blocks changed, so its growth
// of 2 samples is within 2 sigma and marked '~'.
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: cp %report_inputs/noise.0.heap %t.dir/prof.200.0.heap && cp %report_inputs/noise.1.heap %t.dir/prof.200.1.heap
// RUN: %sleuth_report --no-symbolize --error-bars --base %t.dir/prof.200.0.heap %t.dir/prof.200.1.heap | FileCheck %s --match-full-lines
// CHECK:Total: 214660 bytes (209.6 KiB) +- 76846 (2 sigma, 112 samples)
// CHECK-NEXT:Showing 3 of 3 functions
// CHECK-NEXT:        flat   flat%    sum%          cum    cum%     flat+-2s  samples
// CHECK-NEXT:      206404  96.15%  96.15%       206404  96.15%        57925      70   app+0x1000
// CHECK-NEXT:        8256   3.85% 100.00%         8256   3.85%        50498      42~  app+0x2000
// CHECK-NEXT:           0   0.00% 100.00%       214660 100.00%            0       0   app+0x4000
// Dumps of two processes (names that do not say one process): the two
// dumps' variances add, 2 sigma over 60+10 and 22+20 samples.
// RUN: %sleuth_report --no-symbolize --error-bars --base %report_inputs/noise.0.heap %report_inputs/noise.1.heap | FileCheck %s --check-prefix=INDEP
// INDEP: 206404 {{.*}} 68538 70 app+0x1000
// INDEP-NEXT: 8256 {{.*}} 53089 42~ app+0x2000
// Without --error-bars the report keeps jeprof's layout (what scripts and
// the pprof comparison parse); a growth within its noise is then only
// counted in a note on stderr.
// RUN: %sleuth_report --no-symbolize --base %t.dir/prof.200.0.heap %t.dir/prof.200.1.heap 2>%t.err | FileCheck %s --check-prefix=PLAIN --match-full-lines
// PLAIN:Total: 214660 bytes (209.6 KiB)
// PLAIN-NEXT:Showing 3 of 3 functions
// PLAIN-NEXT:        flat   flat%    sum%          cum    cum%
// PLAIN-NEXT:      206404  96.15%  96.15%       206404  96.15%  app+0x1000
// RUN: FileCheck %s --check-prefix=NOTE < %t.err
// NOTE: sleuth-report: note: the growth of 1 of the 3 functions shown is within its sampling noise (2 sigma); --error-bars shows which
// One dump, with the bars.
// RUN: %sleuth_report --no-symbolize --error-bars %t.dir/prof.200.1.heap | FileCheck %s --check-prefix=BARS
// BARS: Total: 338502 bytes (330.6 KiB) +- 74180 (2 sigma, 82 samples)
// BARS: 247684 {{.*}} 63454 60 app+0x1000
// BARS-NEXT: 90817 {{.*}} 38423 22 app+0x2000
// --stacks: each stack's bar, and whether its growth is within it.
// RUN: %sleuth_report --no-symbolize --stacks --error-bars --base %t.dir/prof.200.0.heap %t.dir/prof.200.1.heap | FileCheck %s --check-prefix=STACKS
// STACKS: 206404 bytes +- 57925 [70 samples] (96.15%) in 3225 objects, all threads:
// STACKS: 8256 bytes +- 50498 [42 samples, within the noise] (3.85%) in 129 objects, all threads:
// --by-module: the same bars per module and for the total.
// RUN: %sleuth_report --no-symbolize --by-module --error-bars --base %t.dir/prof.200.0.heap %t.dir/prof.200.1.heap | FileCheck %s --check-prefix=MOD
// MOD: bytes {{.*}} share +-2s samples module
// MOD-NEXT: 214660 {{.*}} 100.00% 76846 112 /fixture/app
// MOD-NEXT: 214660 {{.*}} 100.00% 76846 112 total
// --lifetimes from the 'life:' lines: 30 temporary and 8 long-lived
// samples of 0x12000, 20 s after start.
// RUN: %sleuth_report --no-symbolize --lifetimes %t.dir/prof.200.1.heap | FileCheck %s --check-prefix=LIFE
// LIFE: Total: temporary 123842 bytes (120.9 KiB) +- 44868 [30], long-lived 33024 bytes (32.3 KiB) +- 23170 [8], live 338502 bytes (330.6 KiB) +- 74180 [82]
// LIFE: By churn
// LIFE-NEXT: temp B/s
// LIFE-NEXT: 6192 123842 44868 30 33024 23170 8 90817 38423 22 12384 app+0x2000 < app+0x4000
// LIFE-EMPTY:
// LIFE-NEXT: By retention
// LIFE-NEXT: temp B/s
// LIFE-NEXT: 0 0 0 0 0 0 0 247684 63454 60 12384 app+0x1000 < app+0x4000
// LIFE-NEXT: 6192 123842 44868 30 33024 23170 8 90817 38423 22 12384 app+0x2000 < app+0x4000
// A dump without lifetime data, and --lifetimes with --base: one line each.
// RUN: not %sleuth_report --lifetimes %report_inputs/exact.heap 2>&1 | FileCheck %s --check-prefix=NOLIFE
// NOLIFE: sleuth-report: {{.*}}exact.heap: no lifetime data (no '# lifetimes' line: a jemalloc dump, or one from a Sleuth runtime before lifetime classes)
// RUN: not %sleuth_report --lifetimes --base %t.dir/prof.200.0.heap %t.dir/prof.200.1.heap 2>&1 | FileCheck %s --check-prefix=NOBASE
// NOBASE: sleuth-report: --lifetimes reads one dump: it does not combine with --base
// A malformed life: line names its line.
// RUN: sed 's/life: 30: 1920/life: 30 1920/' %report_inputs/noise.1.heap > %t.bad.heap
// RUN: not %sleuth_report --no-symbolize --lifetimes %t.bad.heap 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: sleuth-report: {{.*}}bad.heap:10: malformed line: expected 'life: <objects>: <bytes> [<objects>: <bytes>]' after a stack
int main(void) { return 0; }
