#!/usr/bin/env python3
"""check_install_lines.py SOURCE_DIR [DOC...]: every apt-get install line of
the documents is a set of docs/packages.txt, word for word.

Without DOC arguments the documents are README.md, docs/*.md, the CI
templates docs/ci/*.yml and .github/workflows/ci.yml. Each `apt-get install`
in them must list exactly the packages of one set of docs/packages.txt (in
its order; the "llvm" set with any major), or print a set with
`$(.ci/packages SET ...)`; installs of local .deb files are not lines of
packages. Besides:
  - README.md and docs/getting-started.md quote the "build" line;
  - .ci/run installs through .ci/packages (build, llvm 22, optional, libcxx22);
  - every package that configure may ask for (cmake/SleuthPrerequisites.cmake,
    LLVM 14) is in "build" (ninja-build, the other generator's, in
    "optional"), and every package lit.cfg.py names for an optional tool is
    in "build" or "optional".
Prints one line per disagreement and exits 1, or prints PASS.
"""
import glob
import os
import re
import sys


def load_sets(path):
    sets = {}
    with open(path) as f:
        for line in f:
            m = re.match(r"^([a-z0-9-]+): (.+)$", line.rstrip("\n"))
            if m:
                sets[m.group(1)] = m.group(2).split()
    return sets


def matches_set(pkgs, sets):
    """The set's name if pkgs is one of the sets (llvm with any major)."""
    for name, want in sets.items():
        if "N" in " ".join(want):
            majors = {re.sub(r".*-(\d+)(-.*)?$", r"\1", p) for p in pkgs}
            if len(majors) == 1:
                n = majors.pop()
                if [w.replace("-N", "-" + n) for w in want] == pkgs:
                    return name
        elif want == pkgs:
            return name
    return None


# `apt-get install` and what follows it up to the end of the command:
# a backquote, a closing parenthesis, ;, &&, |, >, # or the end of the line
# (a trailing backslash continues it).
APT = re.compile(r"apt-get\s+install\b((?:\\\n|\$\([^)]*\)|[^`);&|>#\n])*)")


def install_lines(text):
    for m in APT.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        words = re.sub(r"\$\(([^)]*)\)", lambda r: "$(" + r.group(1).replace(" ", "\0") + ")",
                       m.group(1).replace("\\\n", " ")).split()
        words = [w.replace("\0", " ") for w in words]
        yield line, words


def check_doc(path, sets, fails, rel):
    with open(path) as f:
        text = f.read()
    found = []
    for line, words in install_lines(text):
        pkgs = []
        refs = []
        for w in words:
            if w.startswith("-"):
                continue                      # -y, -qq, --no-install-recommends
            if w.startswith("$(") or w.startswith('"$('):
                refs.append(w)
                continue
            if "/" in w or w.endswith(".deb") or "$deb" in w:
                pkgs = None                   # a local package file
                break
            pkgs.append(w)
        if pkgs is None:
            continue
        for r in refs:
            m = re.match(r'"?\$\(\.ci/packages ([a-z0-9-]+)', r)
            if not m or m.group(1) not in sets:
                fails.append("%s:%d: %s is not a set of docs/packages.txt" % (rel, line, r))
            else:
                found.append(m.group(1))
        if not pkgs:
            continue
        name = matches_set(pkgs, sets)
        if name is None:
            fails.append("%s:%d: apt-get install %s is no line of docs/packages.txt"
                         % (rel, line, " ".join(pkgs)))
        else:
            found.append(name)
    return found


def main():
    src = sys.argv[1]
    sets = load_sets(os.path.join(src, "docs", "packages.txt"))
    fails = []
    for need in ("build", "llvm", "optional"):
        if need not in sets:
            fails.append("docs/packages.txt: no '%s' set" % need)
    docs = sys.argv[2:]
    default = not docs
    if default:
        docs = [os.path.join(src, "README.md")]
        docs += sorted(glob.glob(os.path.join(src, "docs", "*.md")))
        docs += sorted(glob.glob(os.path.join(src, "docs", "ci", "*.yml")))
        docs += [os.path.join(src, ".github", "workflows", "ci.yml")]
    found = {}
    for d in docs:
        if os.path.exists(d):
            found[os.path.relpath(d, src)] = check_doc(d, sets, fails, os.path.relpath(d, src))
    if default:
        for d in ("README.md", os.path.join("docs", "getting-started.md")):
            if "build" not in found.get(d, []):
                fails.append("%s: does not quote docs/packages.txt's build line" % d)
        with open(os.path.join(src, ".ci", "run")) as f:
            run = f.read()
        for want in (".ci/packages build", ".ci/packages llvm 22",
                     ".ci/packages optional", ".ci/packages libcxx22"):
            if want not in run:
                fails.append(".ci/run: does not install %s" % want)
        build = set(sets.get("build", []))
        optional = set(sets.get("optional", []))
        with open(os.path.join(src, "cmake", "SleuthPrerequisites.cmake")) as f:
            pre = f.read()
        asked = set(re.findall(r'_sleuth_need\("[^"]*" ([^)\s]+)\)', pre))
        asked |= set(re.findall(r"foreach\(_pkg ([^)]*)\)", pre)[0].split()) if "foreach(_pkg" in pre else set()
        for p in sorted(asked):
            p = p.replace("${_n}", "14")
            if p not in build and not (p == "ninja-build" and p in optional):
                fails.append("cmake/SleuthPrerequisites.cmake: asks for %s, "
                             "which docs/packages.txt's build line lacks" % p)
        with open(os.path.join(src, "lit", "lit.cfg.py")) as f:
            cfg = f.read()
        for p in re.findall(r'"[a-z0-9-]+": \("[^"]+", "([^"]+)"\)', cfg):
            if p not in build and p not in optional:
                fails.append("lit/lit.cfg.py: names %s for an optional tool, "
                             "which docs/packages.txt's build and optional lines lack" % p)
    for f in fails:
        print("FAIL: " + f)
    if fails:
        print("%d disagreement(s) with docs/packages.txt" % len(fails))
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
