#!/usr/bin/env python3
"""Deterministic mutation fuzzer of the three parsers a user feeds Sleuth.

  options       SLEUTH_OPTIONS (strict) and ASAN_OPTIONS / LSAN_OPTIONS
                (ASan's syntax), read by the runtime before main
  suppressions  suppression files (suppressions=FILE), also before main
  report        sleuth-report's inputs: heap profiles (text, --collapsed,
                --flamegraph, --base), timelines (--timeline) and JSON
                report lines (--sarif, --merge, --merge --sarif)

Seeds are real: the option strings and suppression files the lit tests
use, the fixtures of lit/report/Inputs (among them a real jemalloc dump),
the test/realworld suppression files, and seeds/: a heap profile, timeline
and JSON reports that a run of `target.c leak` wrote (--fresh-seeds adds
those of a run now). Each case applies
one to four mutations (bit flips, interesting bytes and numbers, tokens
of the format, spans deleted or repeated, lines swapped, splices of two
seeds) and runs the parser once. A case passes when the input is either

  accepted: the runtime ran main ("main ran" on stdout, or help=1's text);
            sleuth-report exited 0, and its SARIF output is valid UTF-8
            JSON with no NaN/Infinity, its SVG holds no nan/inf; or
  rejected: exactly one line on stderr, naming the problem (the runtime's
            "==PID==ERROR: Sleuth: ..."; sleuth-report's line names the
            input file), with the documented status: 1 for the runtime,
            2 for sleuth-report (its bad-input status, its README).

Anything else fails the case: a signal is a crash; no answer within the
watchdog (--watchdog, generous: it only tells a hang from a slow case) is
a hang. Case K of seed S is the same input on every machine, so a failure
reproduces with --seed S --only K (the input is kept in --work).

usage: fuzz.py --bin BUILD/bin [--seed N] [--count M] [--target T,...]
               [--work DIR] [--watchdog S] [--only K] [--verbose]
               [--fresh-seeds]
"""
import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# Bytes and tokens that parsers trip on, per format.
COMMON_TOKENS = [
    b"0", b"1", b"-1", b"-", b"+", b"255", b"256", b"65536", b"4294967296",
    b"18446744073709551615", b"18446744073709551616", b"-18446744073709551574",
    b"9223372036854775807", b"-9223372036854775808", b"99999999999999999999",
    b"1e999999", b"nan", b"inf", b"-inf", b"0x10", b"1.5", b"\n", b"\r",
    b"\t", b" ", b"\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\x7f", b"\x01",
]
OPTION_TOKENS = [
    b":", b"=", b",", b"k", b"m", b"g", b"G", b"'", b'"', b"yes", b"no",
    b"true", b"stderr", b"stdout", b"/dev/zero", b"/", b".", b"9", b"19",
    b"32", b"62", b"64", b"65", b"direct,", b",,", b"all", b"none",
    b"direct,indirect,possible", b"json", b"always", b"verbosity=1",
    b"suppressions=/dev/zero", b"suppressions=.", b"log_path=log",
]
SUPP_TOKENS = [
    b"leak:", b"interceptor_via_fun:", b"interceptor_via_lib:",
    b"interceptor_name:", b"odr_violation:", b"heap-buffer-overflow:",
    b"alloc_dealloc_mismatch:", b"strcpy-param-overlap:", b"*", b"^", b"$",
    b"#", b":", b"fuzz_leak_small", b"main", b"libc.so.6", b"\x00",
    b"*" * 64, b"a" * 3000,
]
REPORT_TOKENS = [
    b"heap_v2/", b"heap_v2/-4096", b"heap_v2/0", b"@ ", b"0x", b"0x0",
    b"0xffffffffffffffff", b"t*: ", b"t1: ", b": ", b"[", b"]",
    b"MAPPED_LIBRARIES:\n", b"--- symbol\n", b"--- heap\n",
    b"# sleuth-timeline 1 pid=1 sample=1\n", b"sample ", b"dump ",
    b"0x1p3", b"1e308", b"-0", b"\\ud800", b"\\udc00", b"\\ud83d\\ude00",
    b"\\u0000", b"\\", b'"', b"{", b"}", b",", b"null", b"true",
    b'"stack":', b'"frames":[', b'{"pc":"0x1"}', b'"kind":"leak"',
    b'"leak_kind":"direct"', b"\x00",
]
INTERESTING_BYTES = [0, 0xff, 0x7f, 0x80, 0xc0, ord("\n"), ord(":"),
                     ord(","), ord("="), ord("-"), ord('"'), ord("\\"),
                     ord("0"), ord("9"), ord(" ")]


def option_names():
    inc = open(os.path.join(ROOT, "runtime", "core", "options.inc"),
               encoding="utf-8").read()
    return [m.encode() for m in
            re.findall(r"^OPTION(?:_RANGE)?\(\w+, (\w+),", inc, re.M)]


# ---- seeds ------------------------------------------------------------

def lit_files():
    for d, _, files in os.walk(os.path.join(ROOT, "lit")):
        for f in sorted(files):
            if f.endswith((".c", ".cpp")):
                yield os.path.join(d, f)


def option_seeds():
    """The SLEUTH_OPTIONS / ASAN_OPTIONS values the lit tests use."""
    seen = set()
    pat = re.compile(r"\b(SLEUTH|ASAN|LSAN)_OPTIONS=('[^']*'|\"[^\"]*\"|\S+)")
    for path in sorted(lit_files()):
        for line in open(path, encoding="utf-8", errors="replace"):
            if "RUN:" not in line:
                continue
            for m in pat.finditer(line):
                v = m.group(2).strip("'\"")
                # Paths of the test's own files become relative names.
                v = re.sub(r"%t[\w./-]*", "f", v).replace("%S", ".")
                if "%" in v or "$" in v:
                    continue
                key = (m.group(1) == "SLEUTH", v)
                if key not in seen:
                    seen.add(key)
                    yield key[0], v.encode()


def supp_seeds():
    """The suppression files the lit tests write, and the real ones."""
    pat = re.compile(r"printf '([^']*)' > %t[\w./-]*supp")
    out = []
    for path in sorted(lit_files()):
        for line in open(path, encoding="utf-8", errors="replace"):
            for m in pat.finditer(line):
                text = m.group(1).encode().decode("unicode_escape").encode("latin-1")
                if text not in out:
                    out.append(text)
    rw = os.path.join(ROOT, "test", "realworld")
    for f in sorted(os.listdir(rw)):
        if f.endswith(".supp"):
            out.append(open(os.path.join(rw, f), "rb").read())
    return out


def report_seeds(generated):
    """(kind, bytes) for heap profiles, timelines and JSON lines: the lit
    fixtures and seeds/real.* (what `target leak` wrote in one run, paths
    made neutral; committed so that a case is the same input everywhere)."""
    seeds = []
    for d in (os.path.join(ROOT, "lit", "report", "Inputs"), os.path.join(HERE, "seeds")):
        for f in sorted(os.listdir(d)):
            p = os.path.join(d, f)
            if f.endswith(".heap"):
                seeds.append(("heap", open(p, "rb").read()))
            elif f.endswith(".timeline"):
                seeds.append(("timeline", open(p, "rb").read()))
            elif f.endswith((".jsonl.in", ".jsonl")):
                seeds.append(("json", open(p, "rb").read()))
    return seeds + generated


def generate_real_outputs(target, work, watchdog):
    """A heap profile, timeline and JSON reports from a run now (--fresh-seeds:
    the cases then depend on this machine's run)."""
    d = os.path.join(work, "real")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    env = clean_env()
    env["SLEUTH_OPTIONS"] = ("heap_profile=1:heap_profile_sample=1:"
                             "heap_profile_timeline_ms=1:heap_profile_prefix=%s/p:"
                             "log_format=json:log_path=%s/log" % (d, d))
    subprocess.run([target, "leak"], env=env, cwd=d, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=watchdog)
    out = []
    for f in sorted(os.listdir(d)):
        data = open(os.path.join(d, f), "rb").read()
        if f.endswith(".heap"):
            out.append(("heap", data))
        elif f.endswith(".timeline"):
            out.append(("timeline", data))
        elif f.startswith("log."):
            out.append(("json", data))
    kinds = sorted(set(k for k, _ in out))
    if kinds != ["heap", "json", "timeline"]:
        sys.exit("fuzz.py: the real run of %s wrote %s, not a heap profile, a "
                 "timeline and JSON reports (see %s)" % (target, kinds or "nothing", d))
    return out


# ---- mutations ----------------------------------------------------------

def mutate(rng, data, tokens, others):
    data = bytearray(data)
    # Mostly one or two: inputs close to valid reach deeper.
    for _ in range(rng.choice((1, 1, 1, 2, 2, 3, 4))):
        op = rng.randrange(11)
        n = len(data)
        pos = rng.randint(0, n)
        if op == 0 and n:  # flip a bit
            i = rng.randrange(n)
            data[i] ^= 1 << rng.randrange(8)
        elif op == 1 and n:  # an interesting byte
            data[rng.randrange(n)] = rng.choice(INTERESTING_BYTES)
        elif op in (2, 3):  # a token of the format
            data[pos:pos] = rng.choice(tokens)
        elif op == 4 and n:  # delete a span
            data[pos:pos + rng.randint(1, 16)] = b""
        elif op == 5 and n:  # repeat a span
            span = data[pos:pos + rng.randint(1, 32)]
            data[pos:pos] = span * rng.randint(1, 8)
        elif op == 6:  # replace a number by an interesting one
            nums = list(re.finditer(rb"-?\d+", bytes(data)))
            if nums:
                m = rng.choice(nums)
                data[m.start():m.end()] = rng.choice(COMMON_TOKENS[:14])
        elif op in (7, 8):  # lines: swap, repeat or delete one
            lines = bytes(data).split(b"\n")
            if len(lines) > 1:
                i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
                how = rng.randrange(3)
                if how == 0:
                    lines[i], lines[j] = lines[j], lines[i]
                elif how == 1:
                    lines.insert(j, lines[i])
                else:
                    del lines[i]
                data = bytearray(b"\n".join(lines))
        elif op == 9 and others:  # splice with another seed
            other = rng.choice(others)
            cut = rng.randint(0, len(other))
            data = data[:pos] + bytearray(other[cut:])
        elif op == 10 and n:  # truncate
            data = data[:pos]
    return bytes(data)


# ---- running one case ---------------------------------------------------

def clean_env():
    env = {k: v for k, v in os.environ.items()
           if k not in ("SLEUTH_OPTIONS", "ASAN_OPTIONS", "LSAN_OPTIONS")}
    env["SLEUTH_SYMBOLIZER_PATH"] = "/nonexistent/llvm-symbolizer"
    return env


# Start-up failures that say nothing about the input: with high-entropy
# ASLR (vm.mmap_rnd_bits=32) a library may sit where the runtime puts its
# heap or shadow (issue 15, item 14). Such a run is repeated.
ADDRESS_SPACE_FAILURE = re.compile(rb"ERROR: Sleuth: cannot (reserve the heap|map) ")
RETRIES = {"count": 0}


def run(argv, env, cwd, watchdog):
    """(status or None on hang, stdout, stderr)."""
    for _ in range(20):
        status, out, err = run_once(argv, env, cwd, watchdog)
        if status != 1 or not address_space_failure(err, cwd):
            break
        RETRIES["count"] += 1
    return status, out, err


def address_space_failure(err, cwd):
    """Whether the run failed so; with log_path the line is in a file."""
    if ADDRESS_SPACE_FAILURE.search(err):
        return True
    for f in os.listdir(cwd):
        p = os.path.join(cwd, f)
        if (re.search(r"\.\d+$", f) and os.path.isfile(p) and
                os.path.getsize(p) < 4096 and
                ADDRESS_SPACE_FAILURE.search(open(p, "rb").read())):
            os.unlink(p)
            return True
    return False


def run_once(argv, env, cwd, watchdog):
    p = subprocess.Popen(argv, env=env, cwd=cwd, stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True)
    try:
        out, err = p.communicate(timeout=watchdog)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return None, b"", b""
    return p.returncode, out, err


SLEEPS = re.compile(rb"(sleep_after_init|sleep_before_dying)(\s*=\s*['\"]?)[+]?[0-9][0-9a-fA-FxX]*")


def one_line(err):
    return err.endswith(b"\n") and err.count(b"\n") == 1


RUNTIME_ERROR = re.compile(rb"^==\d+==ERROR: Sleuth: \S.*\n$")


def judge_runtime(status, out, err, must_name):
    """None if the runtime accepted or properly rejected, else why not."""
    if status < 0:
        return "crash (signal %d)" % -status
    if b"main ran" in out or out.startswith(b"Sleuth runtime options"):
        return None
    if status != 1:
        return "main did not run, yet the exit status is %d (not 1)" % status
    if not one_line(err) or not RUNTIME_ERROR.match(err):
        return "rejected without exactly one '==PID==ERROR: Sleuth: ...' line"
    if not any(n.encode() in err for n in must_name):
        return "the error line names none of %s" % ", ".join(must_name)
    return None


def strict_json(text):
    def no_constant(name):
        raise ValueError("%s in the JSON output" % name)
    return json.loads(text, parse_constant=no_constant)


def judge_report(status, out, err, path, check):
    if status < 0:
        return "crash (signal %d)" % -status
    if status == 0:
        return check(out) if check else None
    if status != 1:
        return "exit status %d (expected 0, or 1 for bad input)" % status
    if not one_line(err) or not err.startswith(b"sleuth-report: "):
        return "rejected without exactly one 'sleuth-report: ...' line"
    if os.path.basename(path).encode() not in err:
        return "the error line does not name the input file"
    return None


def check_sarif(out):
    try:
        strict_json(out.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        return "accepted, but the SARIF output is not valid JSON/UTF-8: %s" % e
    return None


def check_json_lines(out):
    try:
        for line in out.decode("utf-8").splitlines():
            strict_json(line)
    except (UnicodeDecodeError, ValueError) as e:
        return "accepted, but a merged line is not valid JSON/UTF-8: %s" % e
    return None


def check_svg_file(path):
    def check(_out):
        try:
            svg = open(path, "rb").read()
        except OSError:
            return "accepted, but no SVG was written"
        # Numbers live in attributes (a dump's path may say "nan").
        if re.search(rb'(?i)\b(points|[xy][12]?|c[xy]|width|height|d|viewBox)="[^"]*\b(nan|inf)', svg):
            return "accepted, but the SVG draws nan/inf"
        try:
            svg.decode("utf-8")
        except UnicodeDecodeError as e:
            return "accepted, but the SVG is not UTF-8: %s" % e
        return None
    return check


class Fuzzer:
    def __init__(self, args):
        self.args = args
        self.work = args.work
        self.target = os.path.join(self.work, "target")
        self.report_tool = os.path.join(args.bin, "sleuth-report")
        self.names = option_names()
        self.opt_seeds = list(option_seeds())
        self.supp_seeds = supp_seeds()
        self.failures = []
        self.per_target = {}
        self.counts = {"cases": 0, "accepted": 0, "rejected": 0,
                       "crashes": 0, "hangs": 0, "other failures": 0}

    def build_target(self):
        cc = os.path.join(self.args.bin, "sleuth-cc")
        r = subprocess.run([cc, "-O1", os.path.join(HERE, "target.c"), "-o",
                            self.target], capture_output=True, text=True)
        if r.returncode:
            sys.exit("fuzz.py: cannot build target.c with %s:\n%s" % (cc, r.stderr))
        fresh = []
        if self.args.fresh_seeds:
            fresh = generate_real_outputs(self.target, self.work, self.args.watchdog)
        self.rep_seeds = report_seeds(fresh)

    def case_dir(self, k):
        d = os.path.join(self.work, "case")
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        return d

    def case_options(self, rng, k):
        strict, seed = rng.choice(self.opt_seeds)
        if rng.randrange(4) == 0:
            strict = not strict
        tokens = COMMON_TOKENS + OPTION_TOKENS + self.names
        value = mutate(rng, seed, tokens, [s for _, s in self.opt_seeds])
        value = value.replace(b"\0", b"")[:16384]
        # The options that sleep on purpose (ASan's, for attaching a
        # debugger) would only be hangs here: their numbers become 0, and
        # everything around them is fuzzed as it is.
        value = SLEEPS.sub(rb"\1\g<2>0", value)
        d = self.case_dir(k)
        env = clean_env()
        var = "SLEUTH_OPTIONS" if strict else rng.choice(["ASAN_OPTIONS", "LSAN_OPTIONS"])
        if not value and strict:
            value = b"help=0"  # empty SLEUTH_OPTIONS counts as unset
        env[var] = value
        open(os.path.join(d, "input"), "wb").write(var.encode() + b"=" + value)
        status, out, err = run([self.target], env, d, self.args.watchdog)
        return "%s=%r" % (var, value), status, out, err, \
            (lambda: judge_runtime(status, out, err,
                                   ("in " + var, "suppressions file '")))

    def case_suppressions(self, rng, k):
        seed = rng.choice(self.supp_seeds)
        text = mutate(rng, seed, COMMON_TOKENS + SUPP_TOKENS, self.supp_seeds)
        d = self.case_dir(k)
        path = os.path.join(d, "input.supp")
        open(path, "wb").write(text)
        env = clean_env()
        if rng.randrange(3) == 0:
            env["LSAN_OPTIONS"] = "suppressions=" + path
        else:
            env["SLEUTH_OPTIONS"] = "suppressions=" + path
        argv = [self.target] + (["leak"] if rng.randrange(4) == 0 else [])
        status, out, err = run(argv, env, d, self.args.watchdog)
        return "suppressions file %s" % path, status, out, err, \
            (lambda: judge_runtime(status, out, err, (path,)))

    def case_report(self, rng, k):
        kind, seed = rng.choice(self.rep_seeds)
        same = [s for kd, s in self.rep_seeds if kd == kind]
        data = mutate(rng, seed, COMMON_TOKENS + REPORT_TOKENS, same)
        d = self.case_dir(k)
        ext = {"heap": ".heap", "timeline": ".timeline", "json": ".jsonl"}[kind]
        path = os.path.join(d, "input" + ext)
        open(path, "wb").write(data)
        check = None
        if kind == "json":
            mode = rng.randrange(3)
            if mode == 0:
                argv = [self.report_tool, "--sarif", path]
                check = check_sarif
            else:
                # --merge with an unmutated seed beside it (a CI shard's
                # file that is fine): the error, if any, names the input.
                other = os.path.join(d, "shard.jsonl")
                open(other, "wb").write(rng.choice(same))
                files = [path, other] if rng.randrange(2) else [other, path]
                if mode == 1:
                    argv = [self.report_tool, "--merge"] + files
                    check = check_json_lines
                else:
                    argv = [self.report_tool, "--merge", "--sarif"] + files
                    check = check_sarif
        elif kind == "timeline":
            svg = os.path.join(d, "out.svg")
            argv = [self.report_tool, "--timeline", svg, path]
            check = check_svg_file(svg)
        else:
            mode = rng.randrange(4)
            argv = [self.report_tool]
            if mode == 1:
                argv.append("--collapsed")
            elif mode == 2:
                argv += ["--flamegraph", os.path.join(d, "out.svg")]
            elif mode == 3:
                base = os.path.join(d, "base.heap")
                open(base, "wb").write(rng.choice(same))
                argv += ["--base", base]
            argv.append(path)
        status, out, err = run(argv, clean_env(), d, self.args.watchdog)
        return " ".join(argv), status, out, err, \
            (lambda: judge_report(status, out, err, path, check))

    def one(self, k, targets):
        rng = random.Random("%d:%d" % (self.args.seed, k))
        target = targets[rng.randrange(len(targets))]
        what, status, out, err, judge = getattr(self, "case_" + target)(rng, k)
        self.counts["cases"] += 1
        per = self.per_target.setdefault(target, [0, 0])
        per[0] += 1
        if status is None:
            why = "hang (no answer within %g s)" % self.args.watchdog
            self.counts["hangs"] += 1
        else:
            why = judge()
            if why and why.startswith("crash"):
                self.counts["crashes"] += 1
            elif why:
                self.counts["other failures"] += 1
            elif status == 0 or b"main ran" in out:
                self.counts["accepted"] += 1
                per[1] += 1
            else:
                self.counts["rejected"] += 1
        if why:
            keep = os.path.join(self.work, "failed-%d" % k)
            shutil.rmtree(keep, ignore_errors=True)
            shutil.copytree(os.path.join(self.work, "case"), keep)
            self.failures.append(k)
            print("FAIL case %d (%s): %s\n  input kept in %s\n  stderr: %r\n"
                  "  again: %s --bin %s --target %s --seed %d --only %d" %
                  (k, target, why, keep, err[:300], sys.argv[0], self.args.bin,
                   self.args.target, self.args.seed, k))
        elif self.args.verbose:
            print("ok case %d (%s) status %s: %s\n   %r" % (k, target, status, what[:120], err[-200:]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True, help="the build's bin/ (sleuth-cc, sleuth-report)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--target", default="options,suppressions,report")
    ap.add_argument("--work", default=None, help="scratch directory (kept)")
    ap.add_argument("--watchdog", type=float, default=60.0,
                    help="seconds after which one case counts as a hang")
    ap.add_argument("--only", type=int, default=None, help="run case K alone")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--fresh-seeds", action="store_true",
                    help="also seed from a run of target.c now (not deterministic)")
    args = ap.parse_args()
    targets = args.target.split(",")
    for t in targets:
        if t not in ("options", "suppressions", "report"):
            ap.error("unknown target %r" % t)
    args.bin = os.path.abspath(args.bin)
    if args.work is None:
        args.work = tempfile.mkdtemp(prefix="sleuth-fuzz.")
    os.makedirs(args.work, exist_ok=True)
    fz = Fuzzer(args)
    fz.build_target()
    cases = [args.only] if args.only is not None else range(args.count)
    for k in cases:
        fz.one(k, targets)
    c = fz.counts
    print("fuzz: seed %d: %d cases (%d accepted, %d rejected): %d crashes, "
          "%d hangs, %d other failures" %
          (args.seed, c["cases"], c["accepted"], c["rejected"], c["crashes"],
           c["hangs"], c["other failures"]))
    if RETRIES["count"]:
        print("fuzz: %d runs repeated after a start-up address-space failure "
              "(ASLR; not about the input)" % RETRIES["count"])
    print("fuzz: " + ", ".join("%s %d (%d accepted)" % (t, n, a)
                               for t, (n, a) in sorted(fz.per_target.items())))
    if not fz.failures:
        shutil.rmtree(os.path.join(args.work, "case"), ignore_errors=True)
    return 1 if fz.failures else 0


if __name__ == "__main__":
    sys.exit(main())
