// --merge: JSON report files of several processes (CI shards) as one
// deduplicated report. Two runs of the same binary that hit the same
// overflow (with address randomisation, so their pcs differ) are one
// finding with occurrenceCount 2 and both report lines as its sources; a
// use-after-free from a third run stays a finding of its own; the same
// leak in two runs is one. The second shard's binary, built in another
// directory, has a function more before main (on lines both builds share),
// so its pcs and module offsets differ even without address randomisation.
// RUN: rm -rf %t.d && mkdir -p %t.d/one %t.d/two
// RUN: %sleuth_cc -g -O0 %s -o %t.d/one/prog
// RUN: %sleuth_cc -g -O0 -DSHIFT %s -o %t.d/two/prog
// RUN: env SLEUTH_OPTIONS=log_format=json:log_path=%t.d/a:halt_on_error=0:detect_leaks=1 not %t.d/one/prog overflow
// RUN: env SLEUTH_OPTIONS=log_format=json:log_path=%t.d/b:halt_on_error=0:detect_leaks=1 not %t.d/two/prog overflow
// RUN: env SLEUTH_OPTIONS=log_format=json:log_path=%t.d/c:halt_on_error=0:detect_leaks=0 not %t.d/one/prog uaf
// RUN: cat %t.d/a.* > %t.d/shard1.json && cat %t.d/b.* > %t.d/shard2.json && cat %t.d/c.* > %t.d/shard3.json
// The two overflow runs really did report different pcs and offsets.
// RUN: %python -c "import json,sys; print(len({json.loads(l)['stack'][0]['pc'] for f in sys.argv[1:] for l in open(f) if 'heap-buffer-overflow' in l}), len({json.loads(l)['stack'][0]['offset'] for f in sys.argv[1:] for l in open(f) if 'heap-buffer-overflow' in l}))" %t.d/shard1.json %t.d/shard2.json | FileCheck %s --check-prefix=PCS
// PCS: 2 2
//
// RUN: %sleuth_report --merge --sarif %t.d/shard1.json %t.d/shard2.json > %t.d/same.sarif
// RUN: %python %report_inputs/merged_sarif.py %t.d/same.sarif | FileCheck %s --check-prefix=SAME
// SAME: results 2
// SAME-NEXT: heap-buffer-overflow count 2 line 76 sources shard1.json:1 shard2.json:1
// SAME-NEXT: leak-direct count 2 line 83 sources shard1.json:2 shard2.json:2
//
// RUN: %sleuth_report --merge --sarif %t.d/shard1.json %t.d/shard3.json > %t.d/diff.sarif
// RUN: %python %report_inputs/merged_sarif.py %t.d/diff.sarif | FileCheck %s --check-prefix=DIFF
// DIFF: results 3
// DIFF-NEXT: heap-buffer-overflow count 1 line 76 sources shard1.json:1
// DIFF-NEXT: leak-direct count 1 line 83 sources shard1.json:2
// DIFF-NEXT: heap-use-after-free count 1 line 80 sources shard3.json:1
//
// Without --merge every line stays a result, as before.
// RUN: %sleuth_report --sarif %t.d/shard1.json %t.d/shard2.json | %python -c "import json,sys; print(len(json.load(sys.stdin)['runs'][0]['results']))" | FileCheck %s --check-prefix=NOMERGE
// NOMERGE: 4
//
// JSON Lines: one object per finding with its count and sources, then the
// leak summaries added up; merging a merged file again adds to the counts.
// RUN: %sleuth_report --merge %t.d/shard1.json %t.d/shard2.json %t.d/shard3.json > %t.d/merged.jsonl
// RUN: FileCheck %s --check-prefix=JSONL < %t.d/merged.jsonl
// JSONL: {"sleuth":1,"pid":{{[0-9]+}},"kind":"heap-buffer-overflow",{{.*}}"occurrence_count":2,"sources":["{{.*}}shard1.json:1","{{.*}}shard2.json:1"]}
// JSONL-NEXT: {"sleuth":1,"pid":{{[0-9]+}},"kind":"leak","leak_kind":"direct","bytes":24,{{.*}}"occurrence_count":2,"sources":["{{.*}}shard1.json:2","{{.*}}shard2.json:2"]}
// JSONL-NEXT: {"sleuth":1,"pid":{{[0-9]+}},"kind":"heap-use-after-free",{{.*}}"occurrence_count":1,"sources":["{{.*}}shard3.json:1"]}
// JSONL-NEXT: {"sleuth":1,"kind":"leak-summary","definitely_lost":{"bytes":48,"blocks":2},{{.*}}"leaked_bytes":48,"leaked_objects":2,"occurrence_count":2}
// JSONL-NOT: {
// RUN: %sleuth_report --merge --sarif %t.d/merged.jsonl %t.d/shard1.json > %t.d/again.sarif
// RUN: %python %report_inputs/merged_sarif.py %t.d/again.sarif | FileCheck %s --check-prefix=AGAIN
// AGAIN: results 3
// AGAIN-NEXT: heap-buffer-overflow count 3 line 76 sources shard1.json:1 shard2.json:1
//
// Bad input: one line naming the file and line, status 1.
// RUN: cp %t.d/shard1.json %t.d/bad.json && echo '{"kind": ' >> %t.d/bad.json
// RUN: %sleuth_report --merge %t.d/shard2.json %t.d/bad.json > %t.d/out 2> %t.d/err; echo "status $?" >> %t.d/err
// RUN: FileCheck %s --check-prefix=BAD < %t.d/err
// BAD: sleuth-report: {{.*}}bad.json:4: malformed JSON at column 10: unexpected end of input
// BAD-NEXT: status 1
// RUN: printf 'heap_v2/1\n' > %t.d/x.heap
// RUN: not %sleuth_report --merge --sarif %t.d/shard1.json %t.d/x.heap 2>&1 | FileCheck %s --check-prefix=KIND
// KIND: sleuth-report: {{.*}}x.heap: not a JSON report file, and --merge combines files of one kind
// RUN: echo '{"sleuth":1,"kind":"leak","leak_kind":"direct","occurrence_count":0}' > %t.d/count.json
// RUN: not %sleuth_report --merge %t.d/count.json 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: count.json:1: "occurrence_count" is not a positive integer
#include <stdlib.h>
#include <string.h>

static void *volatile keep;

#ifdef SHIFT
int shift_code(int x) { return x * 3 + 1; }
#endif

int main(int argc, char **argv) {
  char *p = malloc(16);
  (void)argc;
  if (!strcmp(argv[1], "overflow")) {
    p[16] = 1;
    free(p);
  } else {
    free(p);
    p[0] = 1;
  }
  if (!strcmp(argv[1], "overflow"))
    keep = malloc(24), keep = 0;
  return 0;
}
