"""Checks `sleuth-report --lifetimes` output against the known truth.

  check_lifetimes.py OUT.txt SITE=CLASS:BYTES...
      every SITE has its bytes in CLASS (temporary, long-lived or live)
      within twice the printed 2-sigma error bar (4 sigma: a single run
      misses that about once in 16000 figures, so the test does not
      flake; how often the printed bar itself covers the truth is the
      coverage test's job), and nothing in the other two classes; prints
      one line, exits 1 naming the first failure;
  check_lifetimes.py --count OUT.txt SITE=CLASS:BYTES...
      counts how many figures the printed bar (2 sigma) covers, without
      failing: "covered C of N".
"""
import re
import sys

CLASSES = ["temporary", "long-lived", "live"]


def rows(path):
    """site name -> [(value, 2sigma, samples) per class]"""
    out = {}
    for line in open(path):
        w = line.split()
        if len(w) < 12 or not re.fullmatch(r"\d+", w[0]):
            continue
        nums = [float(x) for x in w[1:10]]
        out.setdefault(w[11], [tuple(nums[i:i + 3]) for i in (0, 3, 6)])
    return out


def check(args):
    count = args[0] == "--count"
    if count:
        args = args[1:]
    found = rows(args[0])
    covered = total = 0
    for spec in args[1:]:
        site, rest = spec.split("=")
        cls, truth = rest.split(":")
        truth = float(truth)
        if site not in found:
            sys.exit("no row for %s in %s" % (site, args[0]))
        for i, c in enumerate(CLASSES):
            v, e, k = found[site][i]
            if c != cls:
                if v != 0 and not count:
                    sys.exit("%s: %s is %d bytes, expected 0" % (site, c, v))
                continue
            total += 1
            ok = abs(v - truth) <= (e if count else 2 * e)
            covered += ok
            if not ok and not count:
                sys.exit("%s: %s %d +- %d (%d samples) does not cover %d"
                         % (site, c, v, e, k, truth))
            if not count and (e <= 0 or k < 10):
                sys.exit("%s: %s rests on %d samples, +- %d: not a sampled test"
                         % (site, c, k, e))
    if not count:
        print("lifetimes: %d sites in their class within the error bar" % total)
    return covered, total


if __name__ == "__main__":
    c, n = check(sys.argv[1:])
    if sys.argv[1] == "--count":
        print("covered %d of %d" % (c, n))
