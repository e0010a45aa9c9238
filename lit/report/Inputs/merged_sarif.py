"""Prints a merged SARIF log's results, one line each: rule, occurrenceCount,
start line of the location, and the report lines of
provenance.conversionSources (base name:line), after checking the fields
that SARIF 2.1.0 requires of them (occurrenceCount an integer >= 1,
conversionSources unique physicalLocations with a URI and a startLine)."""
import json
import os
import sys

run = json.load(open(sys.argv[1]))["runs"][0]
results = run["results"]
print("results", len(results))
for r in results:
    n = r.get("occurrenceCount", 1)
    assert isinstance(n, int) and n >= 1, r
    srcs = r["provenance"]["conversionSources"]
    assert 1 <= len(srcs) <= n, (len(srcs), n)
    names = []
    for s in srcs:
        uri = s["artifactLocation"]["uri"]
        line = s["region"]["startLine"]
        assert isinstance(line, int) and line >= 1
        names.append("%s:%d" % (os.path.basename(uri), line))
    assert len(set(json.dumps(s, sort_keys=True) for s in srcs)) == len(srcs), "uniqueItems"
    loc = r["locations"][0]["physicalLocation"]["region"]["startLine"]
    print(r["ruleId"], "count", n, "line", loc, "sources", " ".join(names))
