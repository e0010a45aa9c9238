"""Repeated sampling: runs PROG RUNS times (each run seeds its own
countdowns from the clock), reads each exit dump with
`sleuth-report --lifetimes`, and counts how often the printed 2-sigma
error bar of each site's figure holds the truth.

  lifetime_coverage.py REPORT PROG OPTIONS OUTDIR RUNS MIN_PERCENT ARGS -- SITE=CLASS:BYTES...

Prints "coverage: C of N figures (P%)" and fails below MIN_PERCENT. With
a normal estimate 2 sigma covers 95.4%; the bound is set lower so that
chance alone fails the test about once in a million runs.
"""
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(__file__))
from check_lifetimes import check  # noqa: E402

report, prog, options, outdir, runs, min_pct = sys.argv[1:7]
rest = sys.argv[7:]
cut = rest.index("--")
args, specs = rest[:cut], rest[cut + 1:]
covered = total = 0
for i in range(int(runs)):
    prefix = os.path.join(outdir, "run%d" % i)
    env = dict(os.environ, SLEUTH_OPTIONS="%s:heap_profile_prefix=%s" % (options, prefix))
    subprocess.run([prog] + args, env=env, check=True)
    dumps = [f for f in os.listdir(outdir) if f.startswith("run%d." % i) and f.endswith(".0.heap")]
    if len(dumps) != 1:
        sys.exit("run %d: expected one exit dump, found %r" % (i, dumps))
    out = prefix + ".txt"
    with open(out, "w") as f:
        subprocess.run([report, "--lifetimes", os.path.join(outdir, dumps[0])], stdout=f, check=True)
    c, n = check(["--count", out] + specs)
    covered += c
    total += n
pct = 100.0 * covered / total
print("coverage: %d of %d figures (%.1f%%)" % (covered, total, pct))
if pct < float(min_pct):
    sys.exit("coverage %.1f%% is below %s%%" % (pct, min_pct))
