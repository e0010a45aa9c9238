"""Repeated sampling of object counts: runs PROG RUNS times (each run seeds
its own countdowns from the clock), reads each exit dump with
`sleuth-report --top --error-bars` for allocated and in-use objects, and
counts how often the printed 2-sigma bar of SITE's flat figure holds the
truth.

  object_coverage.py REPORT PROG OPTIONS OUTDIR RUNS MIN_PERCENT SITE ALLOC_TRUTH INUSE_TRUTH

Prints, per metric, the mean estimate, its mean 2-sigma bar and the
spread (standard deviation) of the estimates over the runs, then
"coverage: C of N figures (P%)"; exits 1 below MIN_PERCENT. A bar that is
honest is about twice the spread; a biased estimate shows as a mean away
from the truth by more than spread/sqrt(RUNS).
"""
import math
import os
import subprocess
import sys

report, prog, options, outdir, runs, min_pct, site = sys.argv[1:8]
truth = {"alloc_objects": float(sys.argv[8]), "inuse_objects": float(sys.argv[9])}
runs = int(runs)
figures = {m: [] for m in truth}  # (estimate, 2 sigma) per run


def site_row(out, name):
    """(flat, 2 sigma) of the row whose function is name."""
    for line in out.splitlines():
        w = line.split()
        # flat flat% sum% cum cum% flat+-2s samples[~] name
        if len(w) >= 8 and w[-1] == name:
            return float(w[0]), float(w[5])
    sys.exit("no row for %s in:\n%s" % (name, out))


for i in range(runs):
    prefix = os.path.join(outdir, "run%d" % i)
    env = dict(os.environ, SLEUTH_OPTIONS="%s:heap_profile_prefix=%s" % (options, prefix))
    subprocess.run([prog], env=env, check=True, stdout=subprocess.DEVNULL)
    dumps = [f for f in os.listdir(outdir) if f.startswith("run%d." % i) and f.endswith(".0.heap")]
    if len(dumps) != 1:
        sys.exit("run %d: expected one exit dump, found %r" % (i, dumps))
    dump = os.path.join(outdir, dumps[0])
    for m in truth:
        out = subprocess.run([report, "--top", "20", "--error-bars", "--" + m.replace("_", "-"),
                              dump], check=True, stdout=subprocess.PIPE, text=True).stdout
        figures[m].append(site_row(out, site))

covered = total = 0
for m, t in truth.items():
    est = [e for e, _ in figures[m]]
    mean = sum(est) / len(est)
    spread = math.sqrt(sum((e - mean) ** 2 for e in est) / max(1, len(est) - 1))
    bar = sum(b for _, b in figures[m]) / len(est)
    c = sum(1 for e, b in figures[m] if abs(e - t) <= b)
    covered += c
    total += len(est)
    print("%s: mean estimate %.0f (truth %.0f), bias %+.1f%%, mean 2-sigma bar %.0f, "
          "spread of the estimates %.0f (2x: %.0f), covered %d of %d"
          % (m, mean, t, 100 * (mean - t) / t, bar, spread, 2 * spread, c, len(est)))
pct = 100.0 * covered / total
print("coverage: %d of %d figures (%.1f%%)" % (covered, total, pct))
if pct < float(min_pct):
    sys.exit("coverage %.1f%% is below %s%%" % (pct, min_pct))
