"""Prints the function and file:line of the top in-use site of a heap_v2
dump (the first frame of the stack with the most live sampled bytes),
symbolized with llvm-symbolizer through MAPPED_LIBRARIES."""
import subprocess
import sys

dump, symbolizer = sys.argv[1], sys.argv[2]
lines = open(dump).read().splitlines()
stacks, maps, best = [], [], None
i = 0
while i < len(lines):
    ln = lines[i]
    if ln.startswith("@ "):
        pcs = [int(x, 16) for x in ln[2:].split()]
        live = int(lines[i + 1].split(":")[2].split("[")[0])
        if best is None or live > best[0]:
            best = (live, pcs)
    if ln == "MAPPED_LIBRARIES:":
        maps = lines[i + 1:]
        break
    i += 1
pc = best[1][0]
for m in maps:
    f = m.split()
    lo, hi = (int(x, 16) for x in f[0].split("-"))
    if lo <= pc < hi and len(f) >= 6:
        path = f[5]
        base = min(int(g.split()[0].split("-")[0], 16) for g in maps
                   if len(g.split()) >= 6 and g.split()[5] == path)
        out = subprocess.run([symbolizer, "--obj=" + path, hex(pc - base - 1)],
                             capture_output=True, text=True).stdout.split("\n")
        print("top:", out[0], out[1].rsplit("/", 1)[-1])
        break
else:
    print("top: pc %#x not in MAPPED_LIBRARIES" % pc)
