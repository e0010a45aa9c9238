#!/usr/bin/env python3
"""Where the time goes: perf profiles of the plain, ASan and Sleuth builds of
benchmarks/realworld's programs, each sample put in one bucket by its symbol.

Usage: benchmarks/realworld/attribute.py [--build-dir DIR] [--freq HZ] [PROGRAM...]

The builds are those of benchmarks/realworld/run.sh (run it first, e.g.
`run.sh --quick`, with the same --build-dir; default <repo>/build/bench-realworld).
Needs `perf` (Debian: linux-perf). Samples are cpu-clock (hardware counters
are often missing on VMs); the shares are those of the process's own CPU
time, so a loaded machine changes them little, but the seconds do scale with
it: compare builds within one run.

Buckets (the same rules for both tools, by the runtime functions' names):
  program      the program's own code, with the checks inlined into it
  check calls  out-of-line report/check entry points
  interceptors libc interceptors and range checks (memcpy, strlen, ...)
  allocator    malloc/free paths, shadow poisoning of blocks
  stacks       unwinding and the stack depot (allocation and free stacks)
  quarantine   the quarantine's FIFO and its eviction
  leak scan    the leak check at exit
  libc         libc and the dynamic loader
  kernel       page faults, madvise, system calls
  runtime      anything else of the runtime
"""
import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
PROGRAMS = ["speedtest1", "lua_binary_trees", "lua_strings", "lua_tables",
            "lua_nbody", "zlib", "cjson", "matmul", "tree_build", "hash_churn"]
BUILDS = ["plain", "asan", "sleuth"]
ORDER = ["program", "check calls", "interceptors", "allocator", "stacks",
         "quarantine", "leak scan", "libc", "kernel", "runtime"]

RULES = [
    ("stacks", r"capture|unwind|Unwind|depot|Depot|path_node|child_of|"
               r"walk_bounds|StackTrace|sleuth_current_pc|cfi_"),
    ("quarantine", r"evict_to|quarantine|Quarantine|chunk_recycle|Recycle"),
    ("leak scan", r"leak|Leak|scan_|ForEachChunk|StopTheWorld|stw_|"
                  r"probe_slot|snapshot_heap|allocator_live_block_in_slot"),
    ("allocator", r"sl_allocate|sl_deallocate|sl_reallocate|refill|validate|"
                  r"slot_of|thread_current|Allocat|Deallocat|GetAsanChunk|"
                  r"SizeClass|Combined|LargeMmap|LsanMetadata|PoisonShadow|"
                  r"GetCurrentThread|AsanTSD|pthread_getspecific|"
                  r"^(malloc|free|realloc|calloc)$|"
                  r"__interceptor_(malloc|free|calloc|realloc)|sl_memset|"
                  r"cache_get|fill_redzones|heap_fill|chunk_|shadow_poison|"
                  r"shadow_unpoison|RZSize|MallocHooks|FreeHooks|"
                  r"GetMallocContextSize|internal_allocator|__sleuth_set_shadow"),
    ("interceptors", r"__interceptor_|__asan_mem|__sleuth_mem|"
                     r"^(mem|str|wcs)[a-z]*$|QuickCheck|region_is|"
                     r"shadow_range|shadow_reveal|shadow_first_poisoned|"
                     r"sl_memmove|sl_memcpy|Interceptor|internal_memmove|"
                     r"mem_is_zero"),
    ("check calls", r"__asan_report|__sleuth_report|sl_report|"
                    r"__asan_(load|store)|__sleuth_(load|store)"),
]
RUNTIME_PREFIX = re.compile(r"^(sl_|__sleuth|shadow_|report_|heap_|rz_|guard|"
                            r"sys_|__asan|__sanitizer|__lsan|__interception)")


def bucket(dso, kind, sym):
    if kind == "k":
        return "kernel"
    for name, pattern in RULES:
        if re.search(pattern, sym):
            return name
    if dso.startswith(("libc", "ld-linux", "libm")):
        return "libc"
    if dso.startswith(("libclang_rt", "libsleuth")) or RUNTIME_PREFIX.match(sym):
        return "runtime"
    return "program"


def profile(data):
    """Seconds per bucket of one perf.data file."""
    out = subprocess.run(
        ["perf", "report", "-i", data, "--no-children", "--sort", "dso,sym",
         "-g", "none", "--percent-limit", "0", "--stdio"],
        capture_output=True, text=True).stdout
    m = re.search(r"Event count \(approx\.\): (\d+)", out)
    total = int(m.group(1)) / 1e9 if m else 0.0  # cpu-clock counts ns
    shares = collections.Counter()
    for line in out.splitlines():
        m = re.match(r"\s+([\d.]+)%\s+(\S+)\s+\[(.)\]\s+(.*)", line)
        if m:
            shares[bucket(m.group(2), m.group(3), m.group(4).strip())] += \
                float(m.group(1))
    return {k: v * total / 100 for k, v in shares.items()}, total


def command(build_dir, build, program):
    d = os.path.join(build_dir, build)
    if program == "speedtest1":
        return [os.path.join(d, "speedtest1"), "--memdb", "--size", "30",
                "--testset", "main"]
    if program.startswith("lua_"):
        return [os.path.join(d, "lua"),
                os.path.join(HERE, "lua", program[4:] + ".lua")]
    return [os.path.join(d, program)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build-dir",
                    default=os.path.join(REPO, "build", "bench-realworld"))
    ap.add_argument("--freq", type=int, default=2000)
    ap.add_argument("programs", nargs="*")
    a = ap.parse_args()
    if not shutil.which("perf"):
        sys.exit("attribute.py: perf not found (apt-get install linux-perf)")
    programs = a.programs or PROGRAMS
    for p in programs:
        if p not in PROGRAMS:
            sys.exit(f"attribute.py: unknown program '{p}' "
                     f"(one of {', '.join(PROGRAMS)})")
    tmp = tempfile.mkdtemp(prefix="sleuth-attr.")
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1")
    env.pop("SLEUTH_OPTIONS", None)
    try:
        for p in programs:
            rows = {}
            for b in BUILDS:
                cmd = command(a.build_dir, b, p)
                if not os.access(cmd[0], os.X_OK):
                    sys.exit(f"attribute.py: {cmd[0]} not built "
                             f"(run benchmarks/realworld/run.sh --quick "
                             f"--build-dir {a.build_dir} {p})")
                data = os.path.join(tmp, f"{b}.{p}.data")
                r = subprocess.run(["perf", "record", "-q", "-e", "cpu-clock",
                                    "-F", str(a.freq), "-o", data, "--"] + cmd,
                                   stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, env=env, text=True)
                if r.returncode:
                    sys.exit(f"attribute.py: {' '.join(cmd)} failed: "
                             f"{r.stderr.strip()[-300:]}")
                rows[b] = profile(data)
            print(f"\n{p}: CPU seconds by bucket (perf cpu-clock samples)")
            print(f"{'bucket':14s}" + "".join(f"{b:>9s}" for b in BUILDS) +
                  f"{'sleuth-asan':>13s}")
            for k in ORDER:
                vals = [rows[b][0].get(k, 0.0) for b in BUILDS]
                if max(vals) < 0.005:
                    continue
                print(f"{k:14s}" + "".join(f"{v:9.2f}" for v in vals) +
                      f"{vals[2] - vals[1]:+13.2f}")
            tot = [rows[b][1] for b in BUILDS]
            print(f"{'total':14s}" + "".join(f"{v:9.2f}" for v in tot) +
                  f"{tot[2] - tot[1]:+13.2f}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
