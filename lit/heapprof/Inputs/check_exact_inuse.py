"""profile-only-exact-threads.c's check, for one run's PREFIX (argv[1]) and
the program's output (argv[2], "held N"): the timeline's header; whether
its last sample's heap in use (written at exit) is within 0.5% of the
chunk bytes the program holds; whether the exit dump (the highest
sequence number) has samples (its t*: line counts more than 0 objects)."""
import glob
import re
import sys

prefix = sys.argv[1]
timelines = glob.glob(prefix + ".*.timeline")
if len(timelines) != 1:
    sys.exit("expected one timeline for %s, found %d" % (prefix, len(timelines)))
header, inuse = "", None
for line in open(timelines[0]):
    w = line.split()
    if line.startswith("# sleuth-timeline"):
        header = line.strip()
    elif w and w[0] == "sample":
        inuse = int(w[2])
if inuse is None:
    sys.exit("no sample lines in %s" % timelines[0])
held = int(open(sys.argv[2]).read().split()[1])
print(header)
print("heap in use %d, held %d: ratio %.4f" % (inuse, held, inuse / held))
print("within 0.5%%: %s" % ("yes" if abs(inuse / held - 1) <= 0.005 else "no"))
dumps = glob.glob(prefix + ".*.heap")
if not dumps:
    sys.exit("no dumps for %s" % prefix)
last = max(dumps, key=lambda f: int(re.search(r"\.(\d+)\.heap$", f).group(1)))
objs = int(open(last).read().split("\n")[1].split()[1].rstrip(":"))
print("sampled: %s (%d objects in %s)" % ("yes" if objs > 0 else "no", objs, last))
