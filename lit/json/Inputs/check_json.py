#!/usr/bin/env python3
"""Checks a log_format=json report stream (contract A) and prints each
object as short lines for FileCheck.

Usage: check_json.py [--pid PID] [FILE]   (FILE defaults to stdin)

Every line must be one JSON object with "sleuth":1, the pid (PID if given)
and a kind; fields are checked by kind (frames, access, leak amounts, the
leak summary's arithmetic), and no field may be null. Then each object is
printed as
    kind: KIND
    access: TYPE SIZE            (errors with an access)
    thread: TN
    stack #N FUNCTION FILE:LINE:COLUMN     (or "(MODULE+OFFSET)")
    location: FIRST LINE
    alloc_thread: / free_thread: / created_by:
    alloc_stack #N ... / free_stack #N ...
    leak: LEAK_KIND bytes=B objects=O
    leak-summary: definitely_lost=B/N ... leaked=B/N
    summary: SUMMARY
Exits 1 with one line naming the problem if anything is wrong."""
import json
import re
import sys

HEX = re.compile(r"^0x[0-9a-f]+$")
LEAK_KINDS = {"direct", "indirect", "possible", "reachable", "growth"}


class Bad(Exception):
    pass


def need(cond, what):
    if not cond:
        raise Bad(what)


def no_nulls(v, path="$"):
    if v is None:
        raise Bad(f"{path} is null (unknown fields must be left out)")
    if isinstance(v, dict):
        for k, x in v.items():
            no_nulls(x, f"{path}.{k}")
    elif isinstance(v, list):
        for i, x in enumerate(v):
            no_nulls(x, f"{path}[{i}]")


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def frame_text(f, where):
    need(isinstance(f, dict), f"{where} is not an object")
    need(isinstance(f.get("pc"), str) and HEX.match(f["pc"]), f"{where}.pc is not a hex string")
    for k in ("function", "file", "module"):
        need(k not in f or isinstance(f[k], str), f"{where}.{k} is not a string")
    for k in ("line", "column"):
        need(k not in f or (is_int(f[k]) and f[k] > 0), f"{where}.{k} is not a positive integer")
    need("offset" not in f or HEX.match(f["offset"]), f"{where}.offset is not a hex string")
    need(isinstance(f.get("inlined"), bool), f"{where}.inlined is not a boolean")
    text = f.get("function", "<unknown>")
    if "file" in f:
        loc = f["file"]
        if "line" in f:
            loc += f":{f['line']}"
            if "column" in f:
                loc += f":{f['column']}"
        text += " " + loc
    elif "module" in f:
        text += f" ({f['module']}+{f['offset']})"
    if f["inlined"]:
        text += " (inlined)"
    return text


def stack_lines(obj, key, out, required=True):
    if key not in obj:
        need(not required, f"no {key}")
        return
    st = obj[key]
    need(isinstance(st, list), f"{key} is not a list")
    need(not required or st, f"{key} is empty")
    for i, f in enumerate(st):
        out.append(f"{key} #{i} {frame_text(f, f'{key}[{i}]')}")


def thread_name(obj, key, out):
    if key in obj:
        need(isinstance(obj[key], str) and re.match(r"^T\d+$", obj[key]), f"{key} is not T<n>")
        out.append(f"{key}: {obj[key]}")


def check_error(o, out):
    kind = o["kind"]
    need(isinstance(o.get("message"), str) and o["message"].startswith(kind),
         "message does not start with the kind")
    if "access" in o:
        a = o["access"]
        need(a.get("type") in ("READ", "WRITE"), "access.type is not READ/WRITE")
        need("size" not in a or (is_int(a["size"]) and a["size"] > 0), "access.size is not a positive integer")
        need(isinstance(a.get("address"), str) and HEX.match(a["address"]), "access.address is not a hex string")
        out.append(f"access: {a['type']} {a.get('size', '?')}")
    thread_name(o, "thread", out)
    need("thread" in o, "no thread")
    stack_lines(o, "stack", out)
    if "location" in o:
        need(isinstance(o["location"], str) and o["location"], "location is empty")
        out.append("location: " + o["location"].split("\n")[0])
    thread_name(o, "alloc_thread", out)
    stack_lines(o, "alloc_stack", out, required=False)
    need(("alloc_stack" in o) == ("alloc_thread" in o), "alloc_stack without alloc_thread")
    thread_name(o, "free_thread", out)
    stack_lines(o, "free_stack", out, required=False)
    need(("free_stack" in o) == ("free_thread" in o), "free_stack without free_thread")
    for i, t in enumerate(o.get("threads", [])):
        thread_name(t, "thread", out)
        thread_name(t, "created_by", out)
        stack_lines(t, "stack", out)
    need(isinstance(o.get("summary"), str) and o["summary"].startswith(kind),
         "summary does not start with the kind")
    out.append("summary: " + o["summary"])


def check_leak(o, out):
    need(o.get("leak_kind") in LEAK_KINDS, "leak_kind is not a leak kind")
    for k in ("bytes", "objects"):
        need(is_int(o.get(k)) and o[k] > 0, f"{k} is not a positive integer")
    out.append(f"leak: {o['leak_kind']} bytes={o['bytes']} objects={o['objects']}")
    stack_lines(o, "alloc_stack", out)


def check_leak_summary(o, out):
    parts = []
    amounts = {}
    for k in ("definitely_lost", "indirectly_lost", "possibly_lost", "still_reachable", "suppressed"):
        a = o.get(k)
        need(isinstance(a, dict) and is_int(a.get("bytes")) and is_int(a.get("blocks")),
             f"{k} is not {{bytes, blocks}}")
        amounts[k] = a
        parts.append(f"{k}={a['bytes']}/{a['blocks']}")
    lost = ("definitely_lost", "indirectly_lost", "possibly_lost")
    need(o.get("leaked_bytes") == sum(amounts[k]["bytes"] for k in lost), "leaked_bytes is not the sum of the lost bytes")
    need(o.get("leaked_objects") == sum(amounts[k]["blocks"] for k in lost), "leaked_objects is not the sum of the lost blocks")
    parts.append(f"leaked={o['leaked_bytes']}/{o['leaked_objects']}")
    out.append("leak-summary: " + " ".join(parts))


def check_line(line, pid):
    need(line.startswith("{") and line.endswith("}"), "not one JSON object on the line")
    o = json.loads(line)
    need(isinstance(o, dict), "not an object")
    no_nulls(o)
    need(o.get("sleuth") == 1, '"sleuth" is not 1')
    need(is_int(o.get("pid")) and o["pid"] > 0, "pid is not a positive integer")
    need(pid is None or o["pid"] == pid, f"pid {o.get('pid')} is not {pid}")
    need(isinstance(o.get("kind"), str) and o["kind"], "no kind")
    out = [f"kind: {o['kind']}"]
    if o["kind"] == "leak":
        check_leak(o, out)
    elif o["kind"] == "leak-summary":
        check_leak_summary(o, out)
    else:
        check_error(o, out)
    return out


def main():
    args = sys.argv[1:]
    pid = None
    if args[:1] == ["--pid"]:
        pid = int(args[1])
        args = args[2:]
    data = open(args[0], "rb").read() if args else sys.stdin.buffer.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        print(f"check_json: not UTF-8: {e}")
        return 1
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    else:
        print("check_json: the stream does not end with a newline")
        return 1
    if not lines:
        print("check_json: no reports")
        return 1
    for n, line in enumerate(lines, 1):
        try:
            out = check_line(line, pid)
        except (Bad, ValueError) as e:
            print(f"check_json: line {n}: {e}: {line[:200]}")
            return 1
        print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
