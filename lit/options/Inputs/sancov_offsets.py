"""Prints the offsets of a .sancov file (64-bit), one per line in hex,
after checking its magic; for llvm-symbolizer (coverage-sancov.c)."""
import struct
import sys

data = open(sys.argv[1], "rb").read()
assert len(data) % 8 == 0 and len(data) >= 8, "not a 64-bit .sancov file"
words = struct.unpack("<%dQ" % (len(data) // 8), data)
assert words[0] == 0xC0BFFFFFFFFFFF64, "bad magic %x" % words[0]
for w in words[1:]:
    print(hex(w))
