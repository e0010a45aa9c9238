#!/usr/bin/env python3
"""Fails when a line of the docs says a feature is missing that exists.

  check_stale_claims.py OPTIONS_INC SLEUTH_REPORT FILE_OR_DIR...

A line that says "not yet", "in progress" or "not implemented" (any case)
and names an option that runtime/core/options.inc marks implemented, or a
flag that `SLEUTH_REPORT --help` lists, is reported as FILE:LINE with the
name, and the exit status is 1. An option is named by its spelling
(`heap_profile`), or for a name of several words also with spaces or
hyphens ("heap profile", "halt-on-error"), since prose spells features so;
a one-word option counts only as `name` or name= (plain words such as
"symbolize" are prose). The rows docs/options.md generates for options
accepted before their feature exists ("*Not implemented yet.*") are right
and are skipped. Directories are searched for *.md and man pages (*.1).
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_options import parse_table  # noqa: E402

CLAIM = re.compile(r"not yet|in progress|not implemented", re.I)
GENERATED_ROW = "*Not implemented yet.*"


def option_patterns(inc):
    pats = []
    for _typ, name, _default, _range, implemented, _desc in parse_table(inc):
        if not implemented:
            continue
        words = name.split("_")
        if len(words) > 1:
            spelled = r"[ _-]".join(re.escape(w) for w in words)
            pats.append((name, re.compile(r"(?<![\w-])%s(?![\w-])" % spelled, re.I)))
        else:
            pats.append((name, re.compile(r"`%s`|(?<![\w-])%s=" % (re.escape(name), re.escape(name)))))
    return pats


def report_flags(tool):
    out = subprocess.run([tool, "--help"], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True).stdout
    flags = sorted(set(re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", out)))
    if len(flags) < 5:
        sys.exit("check_stale_claims: %s --help lists no flags:\n%s" % (tool, out))
    return [(f, re.compile(r"(?<![\w-])%s(?![\w-])" % re.escape(f))) for f in flags]


def files_under(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, _dirs, names in os.walk(p):
                for n in sorted(names):
                    if n.endswith((".md", ".1")):
                        yield os.path.join(root, n)
        else:
            yield p


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    names = option_patterns(argv[1]) + report_flags(argv[2])
    stale = 0
    for path in files_under(argv[3:]):
        with open(path, encoding="utf-8") as f:
            for no, line in enumerate(f, 1):
                if not CLAIM.search(line) or GENERATED_ROW in line:
                    continue
                hit = [n for n, rx in names if rx.search(line)]
                if hit:
                    stale += 1
                    print("%s:%d: says '%s' but %s exists: %s" % (
                        path, no, CLAIM.search(line).group(0), ", ".join(hit),
                        line.strip()[:160]))
    if stale:
        print("check_stale_claims: %d line(s) call an existing feature missing" % stale)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
