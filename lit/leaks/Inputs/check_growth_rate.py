"""Checks that the rate of the first Growing record in a Sleuth report is
within 5% of the rate the program measured itself ("expected rate R")."""
import re
import sys

text = open(sys.argv[1]).read()
reported = re.search(r"^Growing: .*, \+([0-9.]+) bytes/s over", text, re.M)
expected = re.search(r"^expected rate ([0-9.]+)$", text, re.M)
if not reported or not expected:
    sys.exit("missing Growing record or expected rate")
r, e = float(reported.group(1)), float(expected.group(1))
if abs(r - e) > 0.05 * e:
    sys.exit("reported %.1f bytes/s, program measured %.1f" % (r, e))
