// RUN: printf '{"sleuth":1,"kind":"SEGV","pid":1e999999}\n' > %t.inf.jsonl
// RUN: %sleuth_report --sarif %t.inf.jsonl > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=INF --match-full-lines < %t.out
// INF: sleuth-report: {{.*}}inf.jsonl:1: malformed JSON at column 33: number out of range (not a finite double)
//
// RUN: printf '{"sleuth":1,"kind":"SEGV"}\n{"sleuth":1,"kind":"SEGV","thread":"\\ud800x"}\n' > %t.high.jsonl
// RUN: %sleuth_report --sarif %t.high.jsonl > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=HIGH --match-full-lines < %t.out
// HIGH: sleuth-report: {{.*}}high.jsonl:2: malformed JSON at column 37: unpaired UTF-16 surrogate escape (a \uD800-\uDBFF not followed by a \uDC00-\uDFFF)
//
// RUN: printf '{"sleuth":1,"kind":"SEGV","thread":"\\udc00"}\n' > %t.low.jsonl
// RUN: %sleuth_report --sarif %t.low.jsonl > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=LOW --match-full-lines < %t.out
// LOW: sleuth-report: {{.*}}low.jsonl:1: malformed JSON at column 37: unpaired UTF-16 surrogate escape (a \uDC00-\uDFFF without a \uD800-\uDBFF before it)
//
// RUN: printf '{"sleuth":1,"kind":"SEGV","thread":"\377"}\n' > %t.raw.jsonl
// RUN: %sleuth_report --sarif %t.raw.jsonl > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=RAW --match-full-lines < %t.out
// RAW: sleuth-report: {{.*}}raw.jsonl:1: malformed JSON at column 37: invalid UTF-8 in a string
//
// The clean twin: a surrogate pair is one character, written as UTF-8,
// and a large finite number stays a valid JSON number.
// RUN: printf '{"sleuth":1,"kind":"SEGV","pid":1e300,"description":"\\ud83d\\ude00 x"}\n' > %t.pair.jsonl
// RUN: %sleuth_report --sarif %t.pair.jsonl > %t.sarif
// RUN: %python -c "import json,sys; d=open(sys.argv[1],'rb').read().decode('utf-8'); json.loads(d); print('pair' if '\U0001F600' in d else 'no pair')" %t.sarif | FileCheck %s --check-prefix=PAIR
// PAIR: pair
//
// RUN: printf 'heap_v2/-4096\n' > %t.neg.heap
// RUN: %sleuth_report %t.neg.heap > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=NEG --match-full-lines < %t.out
// NEG: sleuth-report: {{.*}}neg.heap:1: malformed header: the sample interval must be an integer from 1 to 1099511627776 (1 TiB)
// RUN: printf 'heap_v2/18446744073709551615\n' > %t.huge.heap
// RUN: %sleuth_report %t.huge.heap > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=HUGE --match-full-lines < %t.out
// HUGE: sleuth-report: {{.*}}huge.heap:1: malformed header: the sample interval must be an integer from 1 to 1099511627776 (1 TiB)
//
// RUN: printf '# sleuth-timeline 1 pid=1 sample=1\nsample 0 1 2 3 4 5\nsample 90 nan 2 3 4 5\n' > %t.nan.timeline
// RUN: %sleuth_report --timeline %t.svg %t.nan.timeline > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=NAN --match-full-lines < %t.out
// NAN: sleuth-report: {{.*}}nan.timeline:3: malformed sample line: expected 'sample <t_ms> <heap_inuse> <rss_anon> <rss_file> <alloc_count> <allocs_per_s> [<quarantine> <shadow> <depot>]'
// RUN: printf '# sleuth-timeline 1 pid=1 sample=1\ndump inf x.heap\n' > %t.inf.timeline
// RUN: %sleuth_report --timeline %t.svg %t.inf.timeline > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=DUMPINF --match-full-lines < %t.out
// DUMPINF: sleuth-report: {{.*}}inf.timeline:2: malformed dump line: expected 'dump <t_ms> [why=<reason>] <path>'
//
// RUN: printf 'sample 0 1 2 3 4 5\n' > %t.headless.timeline
// RUN: %sleuth_report --timeline %t.svg %t.headless.timeline > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=HEADLESS --match-full-lines < %t.out
// HEADLESS: sleuth-report: {{.*}}headless.timeline:1: not a timeline: the first line must be '# sleuth-timeline 1 ...'
//
// The clean twin of the timeline: finite values are drawn.
// RUN: printf '# sleuth-timeline 1 pid=1 sample=1\nsample 0 1 2 3 4 5\nsample 90 10 2 3 4 5\n' > %t.ok.timeline
// RUN: %sleuth_report --timeline %t.svg %t.ok.timeline
// RUN: FileCheck %s --check-prefix=SVG < %t.svg
// SVG: points="{{[0-9.]+,[0-9.]+ [0-9.]+,[0-9.]+}}"
// A kind that only starts like a leak's is an error record of that kind
// (no leak_kind needed; before, a NULL leak_kind crashed --sarif).
// RUN: printf '{"sleuth":1,"kind":"leak-sUmmary","bytes":1}\n' > %t.oddkind.jsonl
// RUN: %sleuth_report --sarif %t.oddkind.jsonl | %python -c "import json,sys; print(json.load(sys.stdin)['runs'][0]['results'][0]['ruleId'])" | FileCheck %s --check-prefix=ODDKIND
// ODDKIND: leak-sUmmary
//
// A dump's path that is not UTF-8 (file names are bytes) is a label in
// the SVG, where each bad byte is shown as U+FFFD so that it stays UTF-8.
// RUN: printf '# sleuth-timeline 1 pid=1 sample=1\nsample 0 1 2 3 4 5\ndump 5 /x/\377p.heap\n' > %t.bytes.timeline
// RUN: %sleuth_report --timeline %t.bytes.svg %t.bytes.timeline
// RUN: %python -c "import sys; print(open(sys.argv[1],'rb').read().decode('utf-8').count('/x/\ufffdp.heap'))" %t.bytes.svg | FileCheck %s --check-prefix=BYTES
// BYTES: 2
//
// Bad input is one line naming the file and line, exit status 1 (the
// tool's status for bad input, tools/sleuth-report/README.md). Before:
// 1e999999 became "inf" in the SARIF output (invalid JSON), \ud800 was
// written as invalid UTF-8, heap_v2/-4096 was read as a 16-exabyte
// interval, nan was drawn as points="90.0,nan", and a timeline without
// its header got the heap profile's error.
int main(void) { return 0; }
