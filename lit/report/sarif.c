// --sarif turns JSON report lines (log_format=json) into SARIF 2.1.0; the
// checker tests it field by field against the specification's required
// properties and the contract's choice of location, on a fixture holding
// every report kind of DESIGN.md section 3, every leak kind and a summary.
// RUN: sed 's|@RUNTIME@|%sleuth_src/runtime|g' %report_inputs/reports.jsonl.in > %t.jsonl
// RUN: %sleuth_report --sarif %t.jsonl > %t.sarif
// RUN: %python %report_inputs/check_sarif.py %t.sarif %t.jsonl %sleuth_src/runtime | FileCheck %s
// CHECK: result heap-buffer-overflow error file:///src/demo/fill.c:17 | heap-buffer-overflow on address 0x602000000024 {{.*}}. 0x602000000024 is located 4 bytes after 32-byte region
// CHECK: result heap-use-after-free error file:///src/demo/buf.c:40 | heap-use-after-free on address 0x602000000048, detected in quarantine
// CHECK: result double-free error file:///src/demo/buf.c:41 |
// CHECK: result global-buffer-overflow error file:///src/my%20project/glob%20al.c:7 |
// CHECK: result memcpy-param-overlap error file:///src/demo/str.c:11 |
// CHECK: result leak-direct error file:///src/demo/list.c:12 | Direct leak of 40 byte(s) in 1 object(s), allocated in make_list at /src/demo/list.c:12
// CHECK: result leak-possible warning file:///src/demo/list.c:30 |
// CHECK: result leak-reachable note file:///src/demo/names.c:8 |
// CHECK: result leak-growth warning file:///src/demo/cache.c:44 | Growing allocation site of 4096 byte(s) in 16 object(s), growing at 123.4 bytes/s over 5 checks
// CHECK: SARIF OK
// The leak summary is kept in the run's properties; --srcroot makes URIs relative.
// RUN: %python -c "import json,sys; r=json.load(open(sys.argv[1]))['runs'][0]; print(r['properties']['leakSummaries'][0]['leaked_bytes'])" %t.sarif | FileCheck %s --check-prefix=SUMMARY
// SUMMARY: 112
// RUN: %sleuth_report --sarif --srcroot /src/demo %t.jsonl > %t.rel.sarif
// RUN: %python -c "import json,sys; r=json.load(open(sys.argv[1]))['runs'][0]; print(r['originalUriBaseIds']['SRCROOT']['uri']); print(r['results'][0]['locations'][0]['physicalLocation']['artifactLocation'])" %t.rel.sarif | FileCheck %s --check-prefix=REL
// REL: file:///src/demo/
// REL-NEXT: {'uri': 'fill.c', 'uriBaseId': 'SRCROOT'}
// RUN: %sleuth_report --sarif --srcroot /src/demo/ %t.jsonl > %t.rel2.sarif
// RUN: %python -c "import json,sys; r=json.load(open(sys.argv[1]))['runs'][0]; print(r['originalUriBaseIds']['SRCROOT']['uri']); print(r['results'][0]['locations'][0]['physicalLocation']['artifactLocation'])" %t.rel2.sarif | FileCheck %s --check-prefix=REL
// An empty input is a valid log with no results.
// RUN: : > %t.empty.jsonl && %sleuth_report --sarif %t.empty.jsonl | %python -c "import json,sys; l=json.load(sys.stdin); print(l['version'], len(l['runs'][0]['results']))" | FileCheck %s --check-prefix=EMPTY
// EMPTY: 2.1.0 0
int main(void) { return 0; }
