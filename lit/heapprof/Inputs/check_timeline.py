"""Checks a Sleuth timeline file (argv[1]) from timeline.c, which holds
argv[2] bytes at its peak and frees them before exit."""
import os
import sys

path, held = sys.argv[1], int(sys.argv[2])
lines = open(path).read().splitlines()
if not lines[0].startswith("# sleuth-timeline 1 pid="):
    sys.exit("bad header: %r" % lines[0])
last_t, last_count, samples, dumps, peak, shadow_peak = -1, -1, [], [], 0, 0
ages = []  # (heap in use, young + old: the same estimated from samples)
for line in lines[1:]:
    w = line.split()
    if w[0] == "sample":
        if len(w) != 12:
            sys.exit("expected 11 numbers: %s" % line)
        (t, inuse, anon, filerss, count, rate, quarantine, shadow, depot,
         young, old) = (int(x) for x in w[1:])
        samples.append((t, inuse, anon, filerss, count, rate))
        ages.append((inuse, young + old))
        # An instrumented build: the depot holds stacks, the heap has shadow
        # (at least an eighth of what it holds at its peak, checked below).
        if depot <= 0 or shadow <= 0:
            sys.exit("overhead missing: %s" % line)
        shadow_peak = max(shadow_peak, shadow)
        if count < last_count:
            sys.exit("allocation count fell: %s" % line)
        last_count = count
        peak = max(peak, inuse)
        if anon <= 0 or filerss <= 0:
            sys.exit("RSS missing: %s" % line)
    elif w[0] == "dump":
        # dump <t_ms> why=<reason> <path>: one line per dump, with why
        t = int(w[1])
        if len(w) != 4 or not w[2].startswith("why="):
            sys.exit("dump line without its reason: %s" % line)
        dumps.append((w[2][4:], w[3]))
        if not os.path.exists(w[3]):
            sys.exit("dump file missing: %s" % line)
    else:
        sys.exit("unknown record: %s" % line)
    if t < last_t:
        sys.exit("time went back: %s" % line)
    last_t = t
if len(samples) < 8:
    sys.exit("only %d samples" % len(samples))
# Heap in use is counted in requested bytes: the 64 MiB plus what libc and
# the program allocate besides (stdio buffers, the pointer array).
if not held <= peak <= held + (1 << 20):
    sys.exit("peak heap in use %d, expected %d" % (peak, held))
if samples[0][1] >= held or samples[-1][1] >= held:
    sys.exit("heap in use does not follow the program: %r" % samples)
if max(s[2] for s in samples) < held:
    sys.exit("RSS anon never reached the %d bytes written" % held)
if shadow_peak < held // 8:
    sys.exit("shadow %d is less than an eighth of the %d bytes held" % (shadow_peak, held))
# The by-age columns estimate the heap in use from the sampled blocks: at
# the default 512 KiB interval the 64 blocks of 1 MiB give about 55
# samples, sigma about 5% of 64 MiB; 25% is five sigmas.
for inuse, est in ages:
    if inuse >= held and abs(est - inuse) > held // 4:
        sys.exit("young+old %d far from heap in use %d" % (est, inuse))
if ages[-1][1] > held // 8:
    sys.exit("young+old %d after everything was freed" % ages[-1][1])
if max(est for _, est in ages) < held // 2:
    sys.exit("young+old never followed the heap: %r" % ages)
if [why for why, _ in dumps] != ["api", "exit"]:
    sys.exit("expected the API dump and the exit dump, got %r" % dumps)
print("timeline ok: %d samples, peak %d" % (len(samples), peak))
