"""Checks a SARIF log from `sleuth-report --sarif` field by field against
what the SARIF 2.1.0 specification (OASIS, sarif-v2.1.0-os) requires, and
against the JSON report lines it was made from (CONTRACTS.md A):

  sarifLog (3.13)   version == "2.1.0" (required); $schema the 2.1.0 schema
                    URI; runs (required) an array
  run (3.14)        tool (required)
  tool (3.18)       driver (required), a toolComponent
  toolComponent     name (required, non-empty); rules: reportingDescriptors
  (3.19)            with unique ids
  reportingDescriptor (3.49)  id (required); shortDescription, fullDescription,
                    help: multiformatMessageStrings, whose text is required
  result (3.27)     message (required) with text; ruleId; ruleIndex pointing
                    at the rule with that id; level one of none, note,
                    warning, error
  location (3.28) / physicalLocation (3.29)  artifactLocation or address;
                    artifactLocation.uri a URI reference (RFC 3986);
                    region.startLine >= 1, startColumn >= 1 (3.30)
  codeFlow (3.36)   threadFlows (required) with at least one element
  threadFlow (3.37) locations (required) with at least one element
  threadFlowLocation (3.38)  nestingLevel >= 0; location a location object

usage: check_sarif.py [--some-kinds] OUT.sarif IN.jsonl RUNTIME_SRC_DIR
(--some-kinds: the input is a real run's reports, not the fixture that
covers every kind, so the check that every kind occurs is skipped)
Prints one line per result (rule, level, file:line) for FileCheck, then
"SARIF OK"; exits 1 naming the first violation.
"""
import json
import re
import sys
import urllib.parse

SCHEMAS = ("https://json.schemastore.org/sarif-2.1.0.json",
           "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
           "https://docs.oasis-open.org/sarif/sarif/v2.1.0/os/schemas/sarif-schema-2.1.0.json")
LEVELS = ("none", "note", "warning", "error")
# Every report kind of DESIGN.md section 3 and every leak kind: the fixture
# must cover them all, so it cannot shrink unnoticed.
KINDS = ["heap-buffer-overflow", "heap-use-after-free", "double-free", "bad-free",
         "alloc-dealloc-mismatch", "new-delete-type-mismatch", "stack-buffer-overflow",
         "stack-buffer-underflow", "dynamic-stack-buffer-overflow", "stack-use-after-scope",
         "stack-use-after-return", "global-buffer-overflow", "memcpy-param-overlap",
         "use-after-poison", "calloc-overflow", "allocation-size-too-big", "out-of-memory",
         "SEGV", "leak-direct", "leak-indirect", "leak-possible", "leak-reachable",
         "leak-growth"]
ALLOCATORS = {"malloc", "calloc", "realloc", "free", "strdup", "strndup", "getline",
              "aligned_alloc", "posix_memalign", "memalign", "valloc", "pvalloc"}
# RFC 3986 URI-reference characters (unreserved, reserved, '%' escapes).
URI_CHARS = re.compile(r"^([A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$")

where = []


def fail(msg):
    print("SARIF violation at %s: %s" % ("/".join(where) or "top", msg))
    sys.exit(1)


def need(obj, key, types, what=None):
    if not isinstance(obj, dict) or key not in obj:
        fail("required property '%s' missing" % key)
    if not isinstance(obj[key], types):
        fail("'%s' has the wrong type (%s)" % (key, type(obj[key]).__name__))
    return obj[key]


def check_text(obj, key):
    m = need(obj, key, dict)
    t = need(m, "text", str)
    if not t.strip():
        fail("'%s.text' is empty" % key)
    return t


def check_uri(uri):
    if not uri or not URI_CHARS.match(uri):
        fail("artifactLocation.uri %r is not a valid URI reference" % uri)


def check_physical(loc):
    pl = need(loc, "physicalLocation", dict)
    if "artifactLocation" not in pl and "address" not in pl:
        fail("physicalLocation needs artifactLocation or address")
    uri = None
    if "artifactLocation" in pl:
        uri = need(pl["artifactLocation"], "uri", str)
        check_uri(uri)
    line = None
    if "region" in pl:
        r = pl["region"]
        line = need(r, "startLine", int)
        if line < 1:
            fail("region.startLine < 1")
        if "startColumn" in r and (not isinstance(r["startColumn"], int) or r["startColumn"] < 1):
            fail("region.startColumn < 1")
    return uri, line


def uri_to_path(uri):
    if uri.startswith("file://"):
        return urllib.parse.unquote(uri[len("file://"):])
    return urllib.parse.unquote(uri)


def expected_frame(report, runtime):
    """The contract's location: first frame with a file, skipping Sleuth's
    runtime frames and, for leaks, the allocator."""
    leak = report["kind"] == "leak"
    stack = report.get("alloc_stack" if leak else "stack", [])
    if not leak and not stack:
        # Found after the fact (no stack of its own): the program's free,
        # else its allocation.
        return (first_user_frame(report.get("free_stack", []), runtime, True)
                or first_user_frame(report.get("alloc_stack", []), runtime, True))
    return first_user_frame(stack, runtime, leak)


def first_user_frame(stack, runtime, skip_allocator):
    i = 0
    while i < len(stack) and (stack[i].get("file", "").startswith(runtime)
                              or (skip_allocator and stack[i].get("function") in ALLOCATORS)
                              or (skip_allocator and (stack[i].get("function", "").startswith("operator new")
                                                      or stack[i].get("function", "").startswith("operator delete")))):
        i += 1
    for f in stack[i:]:
        if "file" in f and f.get("line", 0) >= 1:
            return f
    return None


def main():
    args = sys.argv[1:]
    some_kinds = args[:1] == ["--some-kinds"]
    if some_kinds:
        args = args[1:]
    sarif_path, jsonl_path, runtime = args[0], args[1], args[2].rstrip("/") + "/"
    with open(sarif_path) as f:
        log = json.load(f)
    reports = [json.loads(l) for l in open(jsonl_path) if l.strip()]
    findings = [r for r in reports if r["kind"] != "leak-summary"]

    if log.get("version") != "2.1.0":
        fail("version must be \"2.1.0\"")
    if log.get("$schema") not in SCHEMAS:
        fail("$schema %r is not the SARIF 2.1.0 schema" % log.get("$schema"))
    runs = need(log, "runs", list)
    if len(runs) != 1:
        fail("expected one run, found %d" % len(runs))
    run = runs[0]
    where.append("runs[0]")
    tool = need(run, "tool", dict)
    driver = need(tool, "driver", dict)
    if not need(driver, "name", str):
        fail("tool.driver.name is empty")
    rules = need(driver, "rules", list)
    ids = []
    for i, rule in enumerate(rules):
        where.append("rules[%d]" % i)
        ids.append(need(rule, "id", str))
        check_text(rule, "shortDescription")
        check_text(rule, "fullDescription")
        check_text(rule, "help")
        lvl = need(need(rule, "defaultConfiguration", dict), "level", str)
        if lvl not in LEVELS:
            fail("defaultConfiguration.level %r" % lvl)
        where.pop()
    if len(set(ids)) != len(ids):
        fail("rule ids are not unique")

    results = need(run, "results", list)
    if len(results) != len(findings):
        fail("%d results for %d reports (one result per report)" % (len(results), len(findings)))
    seen = set()
    for i, (res, rep) in enumerate(zip(results, findings)):
        where.append("results[%d]" % i)
        want_rule = "leak-" + rep["leak_kind"] if rep["kind"] == "leak" else rep["kind"]
        rule_id = need(res, "ruleId", str)
        if rule_id != want_rule:
            fail("ruleId %r, the report's kind is %r" % (rule_id, want_rule))
        idx = need(res, "ruleIndex", int)
        if not 0 <= idx < len(rules) or rules[idx]["id"] != rule_id:
            fail("ruleIndex %d does not point at rule %r" % (idx, rule_id))
        level = need(res, "level", str)
        if level not in LEVELS:
            fail("level %r" % level)
        text = check_text(res, "message")
        locs = need(res, "locations", list)
        want = expected_frame(rep, runtime)
        shown = "-"
        if want:
            if len(locs) != 1:
                fail("expected one location")
            where.append("locations[0]")
            uri, line = check_physical(locs[0])
            if uri_to_path(uri) != want["file"] or line != want["line"]:
                fail("location %s:%s, expected %s:%s" % (uri, line, want["file"], want["line"]))
            where.pop()
            shown = "%s:%d" % (uri, line)
        stacks = [rep.get(k) for k in ("stack", "alloc_stack", "free_stack") if rep.get(k)]
        if rep["kind"] == "leak":
            stacks = [rep["alloc_stack"]]
        stacks += [t["stack"] for t in rep.get("threads", []) if t.get("stack")]
        flows = res.get("codeFlows", [])
        if stacks and len(flows) != 1:
            fail("expected one codeFlow for the stacks")
        for c, flow in enumerate(flows):
            where.append("codeFlows[%d]" % c)
            tfs = need(flow, "threadFlows", list)
            if not tfs:
                fail("threadFlows is empty (minItems 1)")
            if len(tfs) != len(stacks):
                fail("%d threadFlows for %d stacks" % (len(tfs), len(stacks)))
            for t, (tf, stack) in enumerate(zip(tfs, stacks)):
                where.append("threadFlows[%d]" % t)
                tl = need(tf, "locations", list)
                if len(tl) != len(stack):
                    fail("%d locations for a %d-frame stack" % (len(tl), len(stack)))
                for k, tfl in enumerate(tl):
                    where.append("locations[%d]" % k)
                    nl = need(tfl, "nestingLevel", int)
                    if nl != k:
                        fail("nestingLevel %d, expected %d (outermost call first)" % (nl, k))
                    loc = need(tfl, "location", dict)
                    frame = stack[len(stack) - 1 - k]
                    if "file" in frame:
                        uri, line = check_physical(loc)
                        if uri_to_path(uri) != frame["file"] or line != frame.get("line"):
                            fail("frame location %s:%s, expected %s:%s" % (uri, line, frame["file"], frame.get("line")))
                    check_text(loc, "message")
                    where.pop()
                where.pop()
            where.pop()
        seen.add(rule_id)
        print("result %s %s %s | %s" % (rule_id, level, shown, text))
        where.pop()
    missing = [k for k in KINDS if k not in seen]
    if missing and not some_kinds:
        fail("the input covers no report of kind(s) %s" % ", ".join(missing))
    print("SARIF OK")


main()
