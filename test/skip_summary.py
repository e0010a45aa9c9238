#!/usr/bin/env python3
"""skip_summary.py [--clear] SKIP_DIR: what the ctest run skipped, and why.

CTest runs this before the tests with --clear (CTEST_CUSTOM_PRE_TEST) and
after them (CTEST_CUSTOM_POST_TEST; both written by the top-level
CMakeLists.txt into CTestCustom.cmake), so `cmake --workflow --preset
test` and `ctest` end with the summary. Each skipped test has left one
file in SKIP_DIR with its reasons: a lit test one "Skipped: needs TOOL
(apt-get install PACKAGE)" line per missing feature (lit/lit.cfg.py), a
test script its "UNSUPPORTED: ... needs TOOL ... (apt-get install
PACKAGE)" or "UNSUPPORTED: TOOL not found (...)" lines
(test/record_skip.sh). (CTest's own log holds every test's output too, but
it is not complete until ctest exits.) Each tool, or other reason, is
listed once with its package and how many tests it skipped, then one
apt-get install line for all those packages. Always exits 0.
"""
import os
import re
import shutil
import sys

APT = re.compile(r"\(apt-get install ([^)]*)\)")


def reasons(out):
    """The reasons a skipped test's output gives, as (key, packages, text)."""
    found = []
    for line in out.splitlines():
        line = line.strip()
        m = re.match(r"^(?:Skipped|UNSUPPORTED): (.*)$", line)
        if not m or line.startswith("UNSUPPORTED: Sleuth ::"):
            continue
        text = m.group(1)
        apt = APT.search(text)
        pkgs = apt.group(1).split() if apt else []
        tool = re.search(r"\bneeds (\S+)", text) or re.search(r"^(\S+) not found", text)
        if tool and pkgs:
            key = tool.group(1).rstrip(":,")
        else:
            key = APT.sub("", text).strip()   # not a tool: the reason itself
        found.append((key, pkgs, text))
    if not found:
        found.append(("no reason printed", [], "the test printed no reason"))
    return found


def main():
    args = sys.argv[1:]
    if args and args[0] == "--clear":
        shutil.rmtree(args[1], ignore_errors=True)
        return 0
    skip_dir = args[0]
    groups = {}     # key -> [count, packages, example text]
    order = []
    nskipped = 0
    names = sorted(os.listdir(skip_dir)) if os.path.isdir(skip_dir) else []
    for name in names:
        if ".rc." in name:
            continue                 # record_skip.sh's exit status, in passing
        with open(os.path.join(skip_dir, name), errors="replace") as f:
            out = f.read()
        nskipped += 1
        seen = set()
        for key, pkgs, text in reasons(out):
            if key in seen:
                continue
            seen.add(key)
            if key not in groups:
                groups[key] = [0, pkgs, text]
                order.append(key)
            groups[key][0] += 1
    print()
    if not nskipped:
        print("Skipped tests: none.")
        return 0
    print("Skipped tests: %d, by what is missing (a test may need several):" % nskipped)
    tools = [k for k in order if groups[k][1]]
    width = max([len(k) for k in tools] or [0])
    allpkgs = []
    for key in sorted(tools, key=lambda k: (-groups[k][0], k)):
        n, pkgs, text = groups[key]
        count = "%d test%s" % (n, "" if n == 1 else "s")
        allpkgs += [p for p in pkgs if p not in allpkgs]
        print("  %-*s  %9s  apt-get install %s" % (width, key, count, " ".join(pkgs)))
    for key in sorted((k for k in order if not groups[k][1]), key=lambda k: (-groups[k][0], k)):
        n = groups[key][0]
        print("  %d test%s: %s" % (n, "" if n == 1 else "s", key))
    if allpkgs:
        print("To run the tests the missing tools skipped: apt-get install " + " ".join(allpkgs))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception as e:          # a summary must never fail the run
        print("skip summary: %s" % e)
        sys.exit(0)
