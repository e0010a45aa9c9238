"""Compares the heap in use of a timeline's last sample (argv[1], written
at exit) with what the program says it holds (argv[2], known_heap.c's
output): the bytes it requested (within 10%?), the sum of
malloc_usable_size over its live blocks (what the figure counts under
another allocator than glibc's: within 2%?) and the allocator's own
figure; and whether any sample is far above the program's real peak, as
the garbage figures were. With argv[3] (MiB), also the number of dump
lines against what a growth trigger of that interval explains."""
import sys

truth = {}
for line in open(sys.argv[2]):
    w = line.split()
    if len(w) == 2 and w[0] in ("requested", "peak", "usable", "allocator"):
        truth[w[0]] = None if w[1] == "none" else int(w[1])
header, samples = None, []
for line in open(sys.argv[1]):
    w = line.split()
    if line.startswith("# sleuth-timeline"):
        header = line.strip()
    elif w and w[0] == "sample":
        samples.append(int(w[2]))
if not samples:
    sys.exit("no sample lines in %s" % sys.argv[1])
last, req = samples[-1], truth["requested"]
print(header)
ratio = last / req
print("heap in use %d, requested %d: ratio %.3f" % (last, req, ratio))
print("within 10%% of requested: %s" % ("yes" if abs(ratio - 1) <= 0.10 else "no"))
r = last / truth["usable"]
print("usable sizes %d: ratio %.3f, within 2%%: %s" %
      (truth["usable"], r, "yes" if abs(r - 1) <= 0.02 else "no"))
own = truth.get("allocator")
if own:  # for information: jemalloc's counts its thread caches' blocks too
    print("allocator's own figure %d: ratio %.3f" % (own, last / own))
# No sample far above the program's own peak (plus one churn block and
# size-class rounding): garbage figures were petabytes.
print("largest sample below 1.25x the peak: %s" %
      ("yes" if max(samples) < 1.25 * truth["peak"] else "no (%d)" % max(samples)))
if len(sys.argv) > 3:
    step = int(sys.argv[3]) << 20
    dumps = sum(1 for l in open(sys.argv[1]) if l.startswith("dump "))
    # one per step of growth up to the peak, the alerts' own, the exit's
    most = max(samples) // step + 4
    print("dumps %s" % ("as the trigger explains" if 2 <= dumps <= most
                         else "%d, expected 2 to %d" % (dumps, most)))
