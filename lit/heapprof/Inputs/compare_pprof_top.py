"""Compares `sleuth-report --top` with `go tool pprof -top -unit=byte`
(or -sample_index=..._objects) on the same profile.

  compare_pprof_top.py TOP.txt PPROF.txt
      the totals and every function's flat value agree within rounding
      (pprof holds each stack's estimate rounded to a whole number;
      sleuth-report sums the unrounded estimates), and the top functions
      come in the same order;
  compare_pprof_top.py --sum MERGED.txt A.txt B.txt
      sleuth-report outputs: MERGED's total and each function's flat value
      are the sums of A's and B's.
"""
import re
import sys


def sleuth_top(path):
    text = open(path).read()
    total = float(re.search(r"^Total: (-?\d+) (?:bytes|objects)", text, re.M).group(1))
    rows = {}
    order = []
    for m in re.finditer(r"^ +(-?\d+) +[-\d.]+% +[-\d.]+% +-?\d+ +[-\d.]+%  (.+)$", text, re.M):
        rows[m.group(2)] = float(m.group(1))
        order.append(m.group(2))
    return total, rows, order


def pprof_value(s):
    return float(s[:-1]) if s.endswith("B") else float(s)


def pprof_top(path):
    text = open(path).read()
    m = re.search(r"^Showing nodes accounting for \S+, [\d.]+% of (-?[\d.]+)B? total", text, re.M)
    total = float(m.group(1))
    rows = {}
    order = []
    for m in re.finditer(r"^ +(-?[\d.]+B?) +[-\d.]+% +[-\d.]+% +-?[\d.]+B? +[-\d.]+%  (.+)$",
                         text, re.M):
        name = m.group(2).replace(" (inline)", "")
        rows[name] = pprof_value(m.group(1))
        order.append(name)
    return total, rows, order


def near(a, b, slack):
    return abs(a - b) <= slack


def main():
    if sys.argv[1] == "--sum":
        merged, a, b = (sleuth_top(p) for p in sys.argv[2:5])
        # Each printed figure drops its fraction: one unit per addend.
        if not near(merged[0], a[0] + b[0], 2):
            sys.exit("merged total %d != %d + %d" % (merged[0], a[0], b[0]))
        for name, v in merged[1].items():
            want = a[1].get(name, 0) + b[1].get(name, 0)
            if not near(v, want, 2):
                sys.exit("%s: merged %d, the two dumps %d" % (name, v, want))
        print("merge ok: total %d = %d + %d, %d functions" % (merged[0], a[0], b[0],
                                                               len(merged[1])))
        return
    total, rows, order = sleuth_top(sys.argv[1])
    ptotal, prows, porder = pprof_top(sys.argv[2])
    # Rounding: at most half a unit per stack in pprof, the dropped
    # fraction in sleuth-report; a profile here has a few dozen stacks.
    slack = 32
    if not near(total, ptotal, slack):
        sys.exit("totals differ: sleuth-report %d, pprof %d" % (total, ptotal))
    for name, v in rows.items():
        if v == 0:
            continue
        if name not in prows or not near(v, prows[name], slack):
            sys.exit("%s: sleuth-report %d, pprof %s" % (name, v, prows.get(name)))
    top = [n for n in order if rows[n] > 100 * slack][:3]
    ptop = [n for n in porder if prows.get(n, 0) > 100 * slack][:3]
    if top != ptop:
        sys.exit("top sites differ: sleuth-report %r, pprof %r" % (top, ptop))
    print("agree: total %d vs %d, top %s" % (total, ptotal, ", ".join(top)))


main()
