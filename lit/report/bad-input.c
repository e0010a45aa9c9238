// Bad input is one line naming the file (and line), and exit status 1.
// RUN: %sleuth_report %t.missing.heap > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=MISSING --match-full-lines < %t.out
// MISSING: sleuth-report: {{.*}}.missing.heap: cannot open: No such file or directory
//
// RUN: printf 'heap_v2/1\n  t*: 1: 8 [1: 8]\n@ 0x1 0x2\n  t*: 1: 8 [1: 8]\n  tx: 1: 8 [1: 8]\n' > %t.badthread.heap
// RUN: %sleuth_report %t.badthread.heap > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=THREAD --match-full-lines < %t.out
// THREAD: sleuth-report: {{.*}}badthread.heap:5: malformed line: expected '@ <addresses>', 't*: <objects>: <bytes> [<objects>: <bytes>]' or 'MAPPED_LIBRARIES:'
//
// RUN: printf 'heap_v2/1\n@ 0x1 zz\n  t*: 1: 8 [1: 8]\n' > %t.badaddr.heap
// RUN: %sleuth_report %t.badaddr.heap > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=ADDR --match-full-lines < %t.out
// ADDR: sleuth-report: {{.*}}badaddr.heap:2: malformed stack line: expected hex addresses after '@'
//
// RUN: printf 'heap_v2/1\n@ 0x1\n@ 0x2\n  t*: 1: 8 [1: 8]\n' > %t.nocounts.heap
// RUN: %sleuth_report %t.nocounts.heap > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=NOCOUNTS --match-full-lines < %t.out
// NOCOUNTS: sleuth-report: {{.*}}nocounts.heap:2: stack has no 't*:' counts line
//
// RUN: printf 'heap_v2/0\n' > %t.badheader.heap
// RUN: %sleuth_report %t.badheader.heap > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=HEADER --match-full-lines < %t.out
// HEADER: sleuth-report: {{.*}}badheader.heap:1: malformed header: the sample interval must be an integer from 1 to 1099511627776 (1 TiB)
//
// RUN: printf 'heap_v2/1\n\nMAPPED_LIBRARIES:\n00400000-00401000 r-xp 00000000 00:00 0 /bin/x\nnot a mapping\n' > %t.badmaps.heap
// RUN: %sleuth_report %t.badmaps.heap > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=MAPS --match-full-lines < %t.out
// MAPS: sleuth-report: {{.*}}badmaps.heap:5: malformed MAPPED_LIBRARIES line
//
// RUN: printf 'hello\n' > %t.text
// RUN: %sleuth_report %t.text > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=NOTDUMP --match-full-lines < %t.out
// NOTDUMP: sleuth-report: {{.*}}.text:1: not a heap profile: the first line must be 'heap_v2/<sample bytes>'
//
// RUN: printf '# sleuth-timeline 1 pid=1 sample=1\nsample 1 2 3\n' > %t.timeline
// RUN: %sleuth_report --timeline %t.svg %t.timeline > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=TIMELINE --match-full-lines < %t.out
// TIMELINE: sleuth-report: {{.*}}.timeline:2: malformed sample line: expected 'sample <t_ms> <heap_inuse> <rss_anon> <rss_file> <alloc_count> <allocs_per_s> [<quarantine> <shadow> <depot>]'
//
// RUN: printf '{"sleuth":1,"kind":"leak","leak_kind":"direct","bytes":1}\n\n{"sleuth":1,"kind":"SEGV",}\n' > %t.jsonl
// RUN: %sleuth_report --sarif %t.jsonl > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=JSON --match-full-lines < %t.out
// JSON: sleuth-report: {{.*}}.jsonl:3: malformed JSON at column 27: expected a string
//
// RUN: printf '{"sleuth":1,"pid":3}\n' > %t.nokind.jsonl
// RUN: %sleuth_report --sarif %t.nokind.jsonl > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=NOKIND --match-full-lines < %t.out
// NOKIND: sleuth-report: {{.*}}nokind.jsonl:1: no "kind" string: not a Sleuth JSON report
//
// RUN: printf '{"kind":"SEGV","stack":{"pc":"0x1"}}\n' > %t.badstack.jsonl
// RUN: %sleuth_report --sarif %t.badstack.jsonl > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=BADSTACK --match-full-lines < %t.out
// BADSTACK: sleuth-report: {{.*}}badstack.jsonl:1: "stack" is not an array of frames
//
// Usage errors.
// RUN: %sleuth_report --bogus > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=USAGE --match-full-lines < %t.out
// USAGE: sleuth-report: unknown option '--bogus' (see --help)
// RUN: %sleuth_report --top x %report_inputs/exact.heap > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=TOP --match-full-lines < %t.out
// TOP: sleuth-report: --top: 'x' is not a non-negative integer
// RUN: %sleuth_report --limit 5Q --by-module %report_inputs/exact.heap > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=LIMIT --match-full-lines < %t.out
// LIMIT: sleuth-report: --limit: '5Q' has an unknown unit (use K, M, G or T)
// RUN: %sleuth_report %report_inputs/exact.heap %report_inputs/base.heap > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=TWO --match-full-lines < %t.out
// TWO: sleuth-report: two heap dumps given ({{.*}}exact.heap, {{.*}}base.heap): report one, use --base OLD.heap for growth, or --merge for the dumps of several processes
// RUN: %sleuth_report > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=NONE --match-full-lines < %t.out
// NONE: sleuth-report: no input: give a heap dump (.heap) or a timeline (see --help)
//
// --version and --help.
// RUN: %sleuth_report --version | FileCheck %s --check-prefix=VERSION --match-full-lines
// VERSION: sleuth-report {{[0-9]+\.[0-9]+\.[0-9]+}}
// RUN: %sleuth_report --help | FileCheck %s --check-prefix=HELP
// HELP: usage: sleuth-report [options] PROFILE.heap
// HELP: --flamegraph OUT.svg
// HELP: --sarif
int main(void) { return 0; }
