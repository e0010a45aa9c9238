"""Checks a heap_v2 dump of unbiased-sampling.c against the known truth.

Reads the program's output (site addresses, live and churn counts) from
the file argv[1] and the dump from argv[2]. A stack belongs to a site when
its first frame lies in that site's function.
Estimates are scaled as jeprof does: scale = 1 / (1 - exp(-avg/interval)).

Tolerance: an object of size s is sampled with probability
p = 1 - exp(-s/interval), so the estimate N_sampled * s / p of N objects has
relative standard deviation sqrt((1-p)/(N p)). A figure is checked when
5 sigma + 0.5% is at most 10% (otherwise too few samples are expected for a
few-percent claim, and it is listed as not checked; with interval 1 every
figure must be exact); at 5 sigma a correct
sampler fails about once in 1.7 million checks. --min-checks makes sure the
run checked something.
"""
import math
import sys


def main():
    out_path, dump_path = sys.argv[1], sys.argv[2]
    min_checks = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    sites, live, churn = {}, None, None
    for line in open(out_path):
        w = line.split()
        if w[:1] == ["site"]:
            sites[w[1]] = int(w[2], 16)
        elif w[:1] == ["live"]:
            live = [int(x) for x in w[1:]]
        elif w[:1] == ["churn"]:
            churn = [int(x) for x in w[1:]]
    sizes = [16, 4096, 1048576]
    starts = sorted((addr, name) for name, addr in sites.items()
                    if name != "end")

    lines = open(dump_path).read().split("\n")
    head = lines[0]
    if not head.startswith("heap_v2/"):
        sys.exit("bad header: %r" % head)
    interval = int(head.split("/")[1])
    got = {s: [0, 0, 0, 0] for s in sizes}  # live objs, bytes, cum objs, bytes
    i = 1
    while i < len(lines) and not lines[i].startswith("MAPPED_LIBRARIES"):
        if lines[i].startswith("@"):
            pcs = [int(x, 16) for x in lines[i].split()[1:]]
            tstar = lines[i + 1].strip()
            assert tstar.startswith("t*:"), tstar
            a, b = tstar[3:].split("[")
            lo, lb = (int(x) for x in a.split(":"))
            co, cb = (int(x) for x in b.rstrip("]").split(":"))
            # The site functions are a few dozen bytes long.
            site = None
            for addr, name in starts:
                if pcs and 0 <= pcs[0] - addr < 512:
                    site = name
            if site:
                g = got[int(site)]
                g[0] += lo; g[1] += lb; g[2] += co; g[3] += cb
        i += 1

    def scaled(objs, nbytes):
        if objs == 0:
            return 0.0
        if interval <= 1:
            return float(nbytes)
        return nbytes / (1 - math.exp(-(nbytes / objs) / interval))

    checks = failures = 0
    for k, s in enumerate(sizes):
        p = 1.0 if interval <= 1 else 1 - math.exp(-s / interval)
        for what, n, objs, nbytes in (
                ("inuse", live[k], got[s][0], got[s][1]),
                ("alloc", live[k] + churn[k], got[s][2], got[s][3])):
            truth = n * s
            if n == 0:
                continue
            sigma = math.sqrt((1 - p) / (n * p))
            tol = 5 * sigma + 0.005 if interval > 1 else 0.0  # rate 1: exact
            est = scaled(objs, nbytes)
            err = est / truth - 1
            if tol > 0.10:
                print("site %d %s: not checked (5 sigma = %.1f%%)" %
                      (s, what, 500 * sigma))
                continue
            checks += 1
            ok = abs(err) <= tol
            failures += not ok
            print("site %d %s: truth %d estimate %.0f error %+.2f%% "
                  "tolerance %.2f%% %s" % (s, what, truth, est, 100 * err,
                                           100 * tol, "ok" if ok else "FAIL"))
    if checks < min_checks:
        sys.exit("only %d checks ran, expected at least %d" %
                 (checks, min_checks))
    if failures:
        sys.exit("%d estimate(s) out of tolerance" % failures)
    print("unbiased: %d checks passed" % checks)


main()
