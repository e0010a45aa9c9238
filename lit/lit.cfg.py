# lit configuration for Sleuth's end-to-end tests: each test compiles a small
# program with sleuth-cc / sleuth-c++, runs it, and FileChecks the report.
# Loaded from lit.site.cfg.py in the build tree, which sets config.sleuth_*.
import os
import re
import shutil
import subprocess
import sys

import lit.formats

if not hasattr(config, "sleuth_stage"):
    lit_config.fatal("run lit on the build tree (<build>/lit), not on the "
                     "source tree: lit.site.cfg.py sets the tool paths")

config.name = "Sleuth"

# CTest runs one lit process per test file, in parallel, and each lit
# process rewrites <exec_root>/.lit_test_times.txt at its end while others
# read it at start: a reader can see a half-written file and crash. The
# file only orders tests within one run, which a one-file run never needs.
import lit.main
import lit.Test
lit.main.record_test_times = lambda tests, lit_config: None
lit.Test.read_test_times = lambda suite: {}
config.suffixes = [".c", ".cpp"]
# Inputs/ holds the files that tests build (projects, libraries), not tests.
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.sleuth_lit_obj
# Why a feature is missing, for the tests that need it: "needs TOOL
# (apt-get install PACKAGE)" for an optional tool, or what the machine
# lacks. An UNSUPPORTED test prints one "Skipped: ..." line per missing
# feature, and the test run's summary (test/skip_summary.py, after ctest)
# counts them: each missing tool once, with its package and its tests.
MISSING = {}
config.sleuth_missing = MISSING    # lit.local.cfg files add theirs

import lit.Test


# bash, so RUN lines may use `$?` and `$(...)`.
class SleuthShTest(lit.formats.ShTest):
    def execute(self, test, litConfig):
        result = super().execute(test, litConfig)
        if result.code == lit.Test.UNSUPPORTED:
            feats = test.getMissingRequiredFeatures() + test.getUnsupportedFeatures()
            missing = getattr(test.config, "sleuth_missing", MISSING)
            lines = ["Skipped: " + missing.get(f, _feature_reason(f)) for f in feats]
            if not feats:
                lines = ["Skipped: " + (result.output or "no reason given").strip()]
            if not litConfig.quiet:
                print("\n".join(lines), flush=True)
            # For the summary at the end of a ctest run (test/skip_summary.py).
            skip_dir = getattr(config, "sleuth_skip_dir", "")
            if skip_dir:
                os.makedirs(skip_dir, exist_ok=True)
                name = "lit%" + "%".join(test.path_in_suite)
                with open(os.path.join(skip_dir, name), "w") as f:
                    f.write("\n".join(lines) + "\n")
        return result


def _feature_reason(f):
    if f.startswith("llvm-"):
        if f == "llvm-" + config.sleuth_llvm_major:
            return "not run with LLVM %s (UNSUPPORTED: %s)" % (f[5:], f)
        return "runs with LLVM %s only (this is LLVM %s)" % (f[5:], config.sleuth_llvm_major)
    return "feature '%s', which lit/lit.cfg.py never provides" % f


# Tests are run in worker processes: the format's class must be found by
# its name there.
lit.formats.SleuthShTest = SleuthShTest
SleuthShTest.__module__ = "lit.formats"
SleuthShTest.__qualname__ = "SleuthShTest"
config.test_format = SleuthShTest(execute_external=True)

# Tests see only what they need of the caller's environment; in particular
# no SLEUTH_OPTIONS leaks in from the shell that runs lit.
for var in ("PATH", "HOME"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
config.environment["SLEUTH_OPTIONS"] = ""
# The runtime keeps the symbolizer's answers in the user's cache directory
# (option symbolize_cache): the tests keep theirs in the build tree, fresh
# for every run, so that a run never answers from an earlier one's files.
symbol_cache_home = os.path.join(config.test_exec_root, "cache-home")
shutil.rmtree(symbol_cache_home, ignore_errors=True)
config.environment["XDG_CACHE_HOME"] = symbol_cache_home

bindir = os.path.join(config.sleuth_stage, "bin")
llvm_bindir = os.path.dirname(config.sleuth_filecheck)


def tool(name, path):
    """Substitute a bare tool name, but not inside paths or longer words."""
    return (r"(?<![-\w/.%])" + re.escape(name) + r"(?![-\w/.])", path)


config.substitutions.append(("%sleuth_cxx", os.path.join(bindir, "sleuth-c++")))
config.substitutions.append(("%sleuth_run", os.path.join(bindir, "sleuth-run")))
config.substitutions.append(("%sleuth_cc", os.path.join(bindir, "sleuth-cc")))
# Plain compilers (no Sleuth), for programs run under sleuth-run.
config.substitutions.append(("%clangxx", config.sleuth_clang.replace("clang", "clang++")
                             if os.path.basename(config.sleuth_clang).startswith("clang-")
                             else config.sleuth_clang + "++"))
config.substitutions.append(("%clang", config.sleuth_clang))
config.substitutions.append(("%sleuth_lib", os.path.join(config.sleuth_stage, "lib", "sleuth", "libsleuth.so")))
config.substitutions.append(("%llvm_symbolizer", os.path.join(llvm_bindir, "llvm-symbolizer")))
config.substitutions.append(("%llvm_objdump", os.path.join(llvm_bindir, "llvm-objdump")))
config.substitutions.append(("%run", ""))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "wrapper", "Inputs")))
config.substitutions.append(("%cmake", config.sleuth_cmake))
config.substitutions.append(("%sleuth_build", config.sleuth_stage))
config.substitutions.append(("%python", sys.executable))
# The clang that sleuth-cc wraps, and (for the wrong-compiler tests of the
# CMake package) a C compiler that is not that clang's LLVM major.
config.substitutions.append(("%sleuth_clang", config.sleuth_clang))
import glob
import shutil
_others = [c for c in sorted(glob.glob("/usr/lib/llvm-*/bin/clang"))
           if not c.startswith("/usr/lib/llvm-%s/" % config.sleuth_llvm_major)]
_other_cc = _others[0] if _others else shutil.which("gcc")
if _other_cc:
    config.available_features.add("other-cc")
    config.substitutions.append(("%other_cc", _other_cc))
else:
    MISSING["other-cc"] = "needs gcc (apt-get install gcc): a C compiler that is not clang %s" % config.sleuth_llvm_major
config.substitutions.append(tool("FileCheck", config.sleuth_filecheck))
config.substitutions.append(tool("not", config.sleuth_not))
count = os.path.join(llvm_bindir, "count")
if os.path.exists(count):
    config.substitutions.append(tool("count", count))
else:
    lit_config.fatal("'count' not found next to FileCheck: %s" % count)

config.available_features.add("llvm-" + config.sleuth_llvm_major)

# Optional tools. A test that needs one says `REQUIRES: <feature>`; without
# the tool lit marks it UNSUPPORTED (CTest: skipped) and the test prints
# the Debian package that provides it, so a fresh machine never fails on
# them. docs/packages.txt lists every package here (docs/install-lines
# checks it) and .ci/run installs them.
OPTIONAL_TOOLS = {
    # feature: (executable, Debian package)
    "jeprof": ("jeprof", "libjemalloc-dev"),
    "node": ("node", "nodejs"),
    "chromium": ("chromium", "chromium"),
    "go": ("go", "golang-go"),
    "meson": ("meson", "meson"),          # wrapper/meson-project.c, with:
    "ninja-build": ("ninja", "ninja-build"),
    "pkg-config": ("pkg-config", "pkg-config"),
}
for _feature, (_exe, _pkg) in sorted(OPTIONAL_TOOLS.items()):
    if shutil.which(_exe):
        config.available_features.add(_feature)
    else:
        MISSING[_feature] = "needs %s (apt-get install %s)" % (_exe, _pkg)

# Other allocators a program may link or preload (lit/heapprof/foreign-
# allocator-*): the profiler must measure their heap, not glibc's. Found
# as the linker finds them, by the clang the tests compile with.
OPTIONAL_LIBS = {
    # feature: (library, Debian package)
    "libtcmalloc": ("libtcmalloc.so", "libgoogle-perftools-dev"),
    "libjemalloc": ("libjemalloc.so", "libjemalloc-dev"),
}
for _feature, (_lib, _pkg) in sorted(OPTIONAL_LIBS.items()):
    try:
        _found = subprocess.run([config.sleuth_clang, "-print-file-name=" + _lib],
                                capture_output=True, text=True).stdout.strip()
    except OSError:
        _found = ""
    if os.path.isabs(_found) and os.path.exists(_found):
        config.available_features.add(_feature)
        config.substitutions.append(("%" + _feature + "_so", os.path.realpath(_found)))
    else:
        MISSING[_feature] = "needs %s (apt-get install %s)" % (_lib, _pkg)

# LLVM's libc++ for this clang (libc++-N-dev): its containers annotate
# themselves for an address sanitizer (vector always, deque from libc++
# 17 with the double-ended calls), which sleuth-c++ turns on through
# __has_feature(address_sanitizer).
_libcxx = "/usr/lib/llvm-%s/include/c++/v1" % config.sleuth_llvm_major
if os.path.isfile(os.path.join(_libcxx, "vector")):
    config.available_features.add("libcxx")
    try:
        with open(os.path.join(_libcxx, "__debug_utils", "sanitizers.h")) as _f:
            if "double_ended_contiguous_container" in _f.read():
                config.available_features.add("libcxx-deque-annotations")
    except OSError:
        pass
else:
    MISSING["libcxx"] = MISSING["libcxx-deque-annotations"] = (
        "needs libc++-%s (apt-get install libc++-%s-dev libc++abi-%s-dev)"
        % ((config.sleuth_llvm_major,) * 3))
if "libcxx" in config.available_features:
    MISSING["libcxx-deque-annotations"] = (
        "needs a libc++ with annotated deques (libc++ 17+; this is %s's)"
        % config.sleuth_llvm_major)

# libFuzzer's engine for this clang (libclang-rt-N-dev, the package that
# also has ASan's runtime): the tests of sleuth-cc -fsanitize=fuzzer.
try:
    _rtdir = subprocess.run([config.sleuth_clang, "-print-runtime-dir"],
                            capture_output=True, text=True).stdout.strip()
except OSError:
    _rtdir = ""
if os.path.isfile(os.path.join(_rtdir, "libclang_rt.fuzzer-x86_64.a")):
    config.available_features.add("libfuzzer")
else:
    MISSING["libfuzzer"] = ("needs libFuzzer for clang %s (apt-get install libclang-rt-%s-dev)"
                            % ((config.sleuth_llvm_major,) * 2))

# AFL++ (Debian's afl++): its compiler wrapper runs sleuth-cc in place of
# clang (AFL_CC), loading AFL++'s instrumentation plugins, which Debian
# builds for one LLVM (14 in bookworm): the AFL++ tests need that one.
def _afl_llvm_major():
    try:
        out = subprocess.run(["afl-cc", "--version"], capture_output=True,
                             text=True).stdout
    except OSError:
        return None
    m = re.search(r"clang version (\d+)", out)
    return m.group(1) if m else None
if not (shutil.which("afl-fuzz") and shutil.which("afl-cc")):
    MISSING["afl"] = "needs afl-fuzz (apt-get install afl++)"
elif _afl_llvm_major() != config.sleuth_llvm_major:
    MISSING["afl"] = ("runs with the LLVM afl++ is built for (%s; this is LLVM %s)"
                      % (_afl_llvm_major(), config.sleuth_llvm_major))
else:
    config.available_features.add("afl")

# Tests of a process without /proc (a container or sandbox that has none)
# hide it in a private mount namespace: that takes root and unshare(1)
# (Debian's util-linux); without them those tests are UNSUPPORTED.
import shutil as _shutil
import subprocess as _subprocess
if os.geteuid() == 0 and _shutil.which("unshare"):
    _r = _subprocess.run(["unshare", "-m", "sh", "-c",
                          "mount -t tmpfs none /proc && test ! -e /proc/self/exe"],
                         stdout=_subprocess.DEVNULL, stderr=_subprocess.DEVNULL)
    if _r.returncode == 0:
        config.available_features.add("root-unshare-hides-proc")
        # the same probe shows a private tmpfs can be mounted (full disks)
        config.available_features.add("root-unshare-tmpfs")
    else:
        MISSING["root-unshare-hides-proc"] = MISSING["root-unshare-tmpfs"] = (
            "needs unshare -m to mount a private /proc (refused here)")
elif os.geteuid() != 0:
    MISSING["root-unshare-hides-proc"] = MISSING["root-unshare-tmpfs"] = (
        "needs root (to hide /proc with unshare -m)")
else:
    MISSING["root-unshare-hides-proc"] = MISSING["root-unshare-tmpfs"] = (
        "needs unshare (apt-get install util-linux)")

# Secure-mode tests run a setuid-root copy of the test program as nobody:
# that takes root, setpriv (Debian's util-linux), a nobody user and a
# build tree on a file system that honours setuid bits.
import pwd as _pwd
try:
    _pwd.getpwnam("nobody")
    _have_nobody = True
except KeyError:
    _have_nobody = False
def _world_reachable(path):
    """Whether every directory above path lets others through."""
    import stat as _stat
    path = os.path.abspath(path)
    while True:
        parent = os.path.dirname(path)
        if parent == path:
            return True
        if not os.stat(parent).st_mode & _stat.S_IXOTH:
            return False
        path = parent
if (os.geteuid() == 0 and _shutil.which("setpriv") and _have_nobody and
        os.path.isdir(config.test_exec_root) and
        _world_reachable(config.test_exec_root) and
        not os.statvfs(config.test_exec_root).f_flag & os.ST_NOSUID):
    config.available_features.add("root-setuid")
elif os.geteuid() != 0:
    MISSING["root-setuid"] = "needs root (a setuid-root copy run as nobody)"
elif not _shutil.which("setpriv"):
    MISSING["root-setuid"] = "needs setpriv (apt-get install util-linux)"
else:
    MISSING["root-setuid"] = ("needs a nobody user and a build tree others can "
                              "reach on a file system that honours setuid")

# Out-of-memory tests ask for 512 GiB: the kernel refuses that only when it
# does not overcommit unconditionally (vm.overcommit_memory != 1).
try:
    with open("/proc/sys/vm/overcommit_memory") as f:
        if f.read().strip() != "1":
            config.available_features.add("overcommit-limited")
        else:
            MISSING["overcommit-limited"] = (
                "needs vm.overcommit_memory other than 1 (this kernel grants any size)")
except OSError:
    MISSING["overcommit-limited"] = "needs /proc/sys/vm/overcommit_memory"

# Linux 6.13's guard markers (madvise MADV_GUARD_INSTALL): where the kernel
# has them, the quarantine protects hidden blocks with them instead of
# mprotect; tests of what only they do say `REQUIRES: guard-markers`.
def _kernel_has_guard_markers():
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int,
                          ctypes.c_int, ctypes.c_int, ctypes.c_long]
    libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
    page = libc.mmap(None, 4096, 3, 0x22, -1, 0)  # RW, private anonymous
    if not page or page == ctypes.c_void_p(-1).value:
        return False
    ok = libc.madvise(page, 4096, 102) == 0  # MADV_GUARD_INSTALL
    libc.munmap(page, 4096)
    return ok

if _kernel_has_guard_markers():
    config.available_features.add("guard-markers")
else:
    MISSING["guard-markers"] = "needs a kernel with guard markers (Linux 6.13+)"

# Transparent huge pages (a kernel built with them; /sys says so whatever
# the enabled mode): large heap blocks ask for them with MADV_HUGEPAGE.
if os.path.isdir("/sys/kernel/mm/transparent_hugepage"):
    config.available_features.add("thp")
else:
    MISSING["thp"] = "needs a kernel with transparent huge pages"
