#!/usr/bin/env python3
"""Generate docs/options.md from the runtime's option table.

runtime/core/options.inc is the one list of SLEUTH_OPTIONS (parsing, help=1 and
this page come from it). Usage:
  gen_options.py OPTIONS_INC OUT.md          write OUT.md
  gen_options.py --check OPTIONS_INC OUT.md  exit 1 with a diff if OUT.md
                                             is not what the table generates
"""
import difflib
import re
import sys

REGENERATE = "cmake --build build --target update-docs"

TYPES = {
    "BOOL": "bool",
    "INT": "int",
    "SIZE": "size",
    "STR": "string",
    "CHOICE": "choice",
    "LIST": "list",
}


def c_string(text, pos):
    """Parse the C string literal starting at text[pos] == '"'."""
    assert text[pos] == '"'
    out = []
    i = pos + 1
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "'": "'"}
    while text[i] != '"':
        if text[i] == "\\":
            out.append(escapes.get(text[i + 1], text[i + 1]))
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out), i + 1


def parse_table(path):
    """Return [(type, name, default, range, implemented, description)];
    range is (min, max) for OPTION_RANGE entries, else None."""
    text = open(path, encoding="utf-8").read()
    # Drop comments so the header's "OPTION(type, ...)" is not an entry.
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    opts = []
    for m in re.finditer(r"^\s*OPTION(_RANGE)?\(", text, flags=re.M):
        ranged = m.group(1) is not None
        i = m.end()
        fields = []
        while True:
            while text[i] in " \t\n":
                i += 1
            if text[i] == '"':
                value, i = c_string(text, i)
                # Adjacent literals concatenate, as in C.
                while True:
                    j = i
                    while text[j] in " \t\n":
                        j += 1
                    if text[j] != '"':
                        break
                    more, i = c_string(text, j)
                    value += more
            else:
                j = i
                while text[j] not in ",)":
                    j += 1
                value, i = text[i:j].strip(), j
            fields.append(value)
            while text[i] in " \t\n":
                i += 1
            if text[i] == ")":
                break
            if text[i] != ",":
                sys.exit("%s: cannot parse the entry near '%s'" % (path, text[m.start():i + 1]))
            i += 1
        rng = None
        if ranged:
            if len(fields) != 7 or fields[0] not in ("INT", "SIZE"):
                sys.exit("%s: malformed OPTION_RANGE entry: %s" % (path, fields))
            try:
                rng = (int(fields[3]), int(fields[4]))
            except ValueError:
                sys.exit("%s: OPTION_RANGE bounds are not integers: %s" % (path, fields))
            fields = fields[:3] + fields[5:]
        if len(fields) != 5 or fields[0] not in TYPES or fields[3] not in ("0", "1"):
            sys.exit("%s: malformed OPTION entry: %s" % (path, fields))
        if fields[0] in ("INT", "SIZE") and rng is None:
            sys.exit("%s: numeric option %s needs OPTION_RANGE (min, max)" % (path, fields[1]))
        opts.append((fields[0], fields[1], fields[2], rng, fields[3] == "1", fields[4]))
    if not opts:
        sys.exit("%s: no OPTION(...) entries found" % path)
    return opts


def cell(s):
    return s.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")


def render(opts):
    lines = [
        "# Runtime options",
        "",
        "<!-- Generated from runtime/core/options.inc by docs/gen_options.py; do not edit.",
        "     Regenerate with: %s -->" % REGENERATE,
        "",
        "The runtime of an instrumented program reads `SLEUTH_OPTIONS` before",
        "`main` runs: `name=value` pairs separated by `:`; list values separate",
        "their items with `,`.",
        "",
        "```sh",
        "SLEUTH_OPTIONS=halt_on_error=0:log_path=/tmp/sleuth ./prog",
        "SLEUTH_OPTIONS=leak_kinds_fail=direct,indirect,possible ./prog",
        "SLEUTH_OPTIONS=help=1 ./prog     # this table, from the program itself",
        "```",
        "",
        "An unknown name or a bad value prints one line naming it and exits 1",
        "before `main`; a number outside its range (the *range* column) is a bad",
        "value, never wrapped around. A name given twice in `SLEUTH_OPTIONS`",
        "prints one warning line and the last value is used. In a list, every",
        "item between commas must be a listed value (`direct,` and",
        "`direct,,indirect` are both bad values; `none` is the empty list).",
        "Options marked *not implemented yet* are accepted (so",
        "scripts written for later versions keep working) and do nothing;",
        "`verbosity=1` warns when one is set.",
        "",
        "## ASan's variables and compiled-in defaults",
        "",
        "Where the options come from, later ones winning:",
        "",
        "1. the defaults in the table below;",
        "2. the program's own defaults, if it defines them (the runtime calls",
        "   them before `main`): `const char *__sleuth_default_options(void)`",
        "   (Sleuth's syntax, errors are fatal as in `SLEUTH_OPTIONS`), then",
        "   `__asan_default_options()` and `__lsan_default_options()` (ASan's",
        "   syntax, as below); they need the runtime linked in (`sleuth-cc`),",
        "   a preloaded runtime does not see them;",
        "3. `SLEUTH_OPTIONS`, when set and not empty; otherwise `ASAN_OPTIONS`",
        "   and then `LSAN_OPTIONS`, read as ASan reads them: flags separated by",
        "   `:`, `,`, spaces, tabs or newlines, values quoted with `'...'` or",
        "   `\"...\"` when they hold separators, booleans also `yes`/`no`.",
        "",
        "In ASan's variables a name Sleuth does not have, a bad value or an",
        "out-of-range one is ignored (the option keeps its earlier value) with",
        "one warning line at `verbosity=1`, never an error, since the same",
        "variables drive real ASan builds. ASan names Sleuth spells",
        "differently: `quarantine_size` (bytes) sets `quarantine_size_mb`,",
        "`leak_check_at_exit` sets `detect_leaks`, `log_path=stderr` is the",
        "default. `suppressions` in `LSAN_OPTIONS` names a second file, read",
        "besides the one `ASAN_OPTIONS` names (ASan users keep `leak:` rules",
        "there). Two settings ASan refuses to start with are errors in",
        "every syntax, with ASan's message: `quarantine_size` and",
        "`quarantine_size_mb` both given, and",
        "`thread_local_quarantine_size_kb=0` with a `quarantine_size_mb`",
        "other than 0.",
        "",
        "Types: `bool` is `0` or `1` (also `false`, `true`, `no`, `yes`); `int` a signed",
        "decimal; `size` an unsigned number that may end in `k`, `m` or `g`;",
        "`string` any text up to the next `:`; `choice` one of the listed",
        "values; `list` a comma-separated list of the listed values.",
        "",
        "| option | type | default | range | description |",
        "| --- | --- | --- | --- | --- |",
    ]
    for typ, name, default, rng, implemented, desc in opts:
        values = ""
        m = re.match(r"\[([^\]]*)\]\s*", desc)
        if m and typ in ("CHOICE", "LIST"):
            values = " (" + ", ".join("`%s`" % v for v in m.group(1).split("|")) + ")"
            desc = desc[m.end():]
        if not implemented:
            desc += " *Not implemented yet.*"
        shown = "`%s`" % default if default else '`""`'
        shown_range = "%d..%d" % rng if rng else ""
        lines.append("| `%s` | %s%s | %s | %s | %s |" % (
            name, TYPES[typ], cell(values), cell(shown), shown_range, cell(desc)))
    lines.append("")
    return "\n".join(lines)


def main(argv):
    check = False
    if argv and argv[0] == "--check":
        check = True
        argv = argv[1:]
    if len(argv) != 2:
        sys.exit(__doc__.strip())
    inc, out = argv
    want = render(parse_table(inc))
    if not check:
        with open(out, "w", encoding="utf-8") as f:
            f.write(want)
        return 0
    try:
        have = open(out, encoding="utf-8").read()
    except OSError as e:
        print("%s: cannot read (%s); regenerate with: %s" % (out, e.strerror, REGENERATE))
        return 1
    if have == want:
        return 0
    sys.stdout.writelines(difflib.unified_diff(
        have.splitlines(True), want.splitlines(True),
        out + " (checked in)", out + " (from " + inc + ")"))
    print("\n%s differs from what %s generates; regenerate with: %s" % (out, inc, REGENERATE))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
