"""Parses an SVG written by sleuth-report (fails on malformed XML) and prints
what the tests check, one fact per line:
  check_svg.py flame FILE     -> "frame NAME value=V depth=D label=L" per frame,
                                 after checking the geometry and the script
  check_svg.py timeline FILE  -> "series NAME points=N" per line, "area NAME
                                 points=N" per stacked band, "dump LABEL PATH"
                                 per dump mark (LABEL as drawn)
  check_svg.py dom FILE       -> the flame graph's frames and script as JSON,
                                 for flamegraph_dom.js to run the script on
"""
import json
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"


def fail(msg):
    print("check_svg: " + msg)
    sys.exit(1)


def flame(root):
    scripts = root.findall(NS + "script")
    if len(scripts) != 1:
        fail("expected one inline <script>, found %d" % len(scripts))
    js = scripts[0].text or ""
    for needed in ("mouseover", "click", "zoom", "reset", "details"):
        if needed not in js:
            fail("script lacks '%s'" % needed)
    if root.find(".//*[@id='details']") is None or root.find(".//*[@id='reset']") is None:
        fail("no details line or reset control")
    frames = [g for g in root.iter(NS + "g") if g.get("class") == "f"]
    if not frames:
        fail("no frames")
    parsed = []
    for g in frames:
        rect, text, title = g.find(NS + "rect"), g.find(NS + "text"), g.find(NS + "title")
        if rect is None or text is None or title is None:
            fail("frame without rect, text or title")
        x, w, d = float(g.get("data-x")), float(g.get("data-w")), int(g.get("data-d"))
        if not (0 <= x and x + w <= 1 + 1e-6 and w > 0):
            fail("frame %s out of bounds" % g.get("data-name"))
        if g.get("data-name") not in title.text:
            fail("title does not name the frame")
        parsed.append((g.get("data-name"), x, w, d, int(g.get("data-v")), text.text or ""))
    # Every frame above the root sits inside a frame one row below.
    for name, x, w, d, v, _ in parsed:
        if d == 0:
            if name != "all" or abs(w - 1) > 1e-6:
                fail("root is not 'all' spanning the width")
            continue
        if not any(pd == d - 1 and px <= x + 1e-9 and x + w <= px + pw + 1e-9
                   for _, px, pw, pd, _, _ in parsed):
            fail("frame %s has no caller below it" % name)
    for name, x, w, d, v, label in parsed:
        print("frame %s value=%d depth=%d label=%s" % (name, v, d, label))


def timeline(root):
    for p in root.iter(NS + "polyline"):
        pts = p.get("points").split()
        if not pts or not all(len(pt.split(",")) == 2 for pt in pts):
            fail("bad polyline points")
        print("series %s points=%d" % (p.find(NS + "title").text, len(pts)))
    for p in root.iter(NS + "polygon"):
        pts = p.get("points").split()
        if not pts or not all(len(pt.split(",")) == 2 for pt in pts):
            fail("bad polygon points")
        print("area %s points=%d" % (p.find(NS + "title").text, len(pts)))
    # The age bands are estimated shares of the counted heap: the top of
    # the upper band (its polygon's first half) lies on the heap line.
    heap = [p for p in root.iter(NS + "polyline") if p.get("class") == "heap"]
    young = [p for p in root.iter(NS + "polygon") if p.get("class") == "young"]
    if heap and young:
        line = [tuple(map(float, pt.split(","))) for pt in heap[0].get("points").split()]
        band = [tuple(map(float, pt.split(","))) for pt in young[0].get("points").split()]
        top = band[:len(line)]
        diff = max(abs(a[1] - b[1]) for a, b in zip(line, top))
        print("age bands top to heap line: %.1f px apart at most" % diff)
    for g in root.iter(NS + "g"):
        if g.get("class") == "dump":
            if g.find(NS + "line") is None or g.find(NS + "circle") is None:
                fail("dump mark without line or circle")
            print("dump %s %s" % (g.find(NS + "text").text, g.get("data-path")))


def dom(root):
    frames = []
    for g in root.iter(NS + "g"):
        if g.get("class") == "f":
            frames.append({"attrs": dict(g.attrib), "rect": dict(g.find(NS + "rect").attrib),
                           "text": dict(g.find(NS + "text").attrib)})
    print(json.dumps({"frames": frames, "script": root.find(NS + "script").text}))
    sys.exit(0)


def main():
    kind, path = sys.argv[1], sys.argv[2]
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        fail("%s is not well-formed XML: %s" % (path, e))
    if root.tag != NS + "svg":
        fail("root element is %s, not svg" % root.tag)
    {"flame": flame, "timeline": timeline, "dom": dom}[kind](root)
    print("well-formed svg")


main()
