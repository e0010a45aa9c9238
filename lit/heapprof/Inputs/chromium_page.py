"""Renders an SVG written by sleuth-report in headless Chromium, as a browser
shows it, and prints what the page ended up saying, one fact per line.

  chromium_page.py flame SVG [SEARCH [HOVER]]
  chromium_page.py timeline SVG

The SVG is put inline into a small HTML page whose first script records
every error (window.onerror, and errors of scripts that fail to parse) into
the DOM; a last script then reads the page and, for a flame graph, calls
the SVG's own search() with SEARCH and hovers the frame named HOVER (a real
mouseover event), so the test sees what a user would. Chromium runs with
--dump-dom; the lines between the markers are printed:
  errors: none | errors: MESSAGE at LINE:COL; ...
  text: ...           the flame graph's total, or the timeline's panel titles
  search: frames=N value=V percent=P matched=TEXT
  tip: TEXT (visible|hidden)
  dumps: LABEL LABEL ...
Besides, the SVG is opened on its own (as `chromium file.svg` does) with the
console logged: an uncaught error there is printed as "standalone error".
With CHROMIUM_PAGE_SCREENSHOT=FILE.png the page after the probe is also
saved as a screenshot (to look at; the tests do not use it).
"""
import html
import os
import re
import subprocess
import sys
import tempfile

kind, svg_path = sys.argv[1], sys.argv[2]
term = sys.argv[3] if len(sys.argv) > 3 else ""
hover = sys.argv[4] if len(sys.argv) > 4 else ""
svg = open(svg_path, encoding="utf-8").read()
svg = re.sub(r"^<\?xml[^>]*\?>\s*", "", svg)

probe_flame = """
  var t=document.getElementById('total');
  out.push('text: '+(t?t.textContent:'(no total)'));
  var r=search(%s);
  out.push('search: frames='+r.frames+' value='+r.value+' percent='+r.percent.toFixed(2)+
           ' matched='+document.getElementById('matched').textContent);
  var g=null,fs=document.querySelectorAll('g.f');
  for(var i=0;i<fs.length;i++)if(fs[i].getAttribute('data-name')===%s)g=fs[i];
  if(g){g.dispatchEvent(new MouseEvent('mouseover',{bubbles:true}));
    var tip=document.getElementById('tip');
    out.push('tip: '+tip.querySelector('text').textContent+' '+
             (getComputedStyle(tip).display==='none'?'hidden':'visible'));}
  else out.push('tip: no frame named '+%s);
""" % (repr(term), repr(hover), repr(hover))
probe_timeline = """
  var ts=document.querySelectorAll('text.ptitle');
  for(var i=0;i<ts.length;i++)out.push('text: '+ts[i].textContent);
  var ds=document.querySelectorAll('g.dump text'),l=[];
  for(var i=0;i<ds.length;i++)l.push(ds[i].textContent);
  out.push('dumps: '+l.join(' '));
"""
page = """<!DOCTYPE html><html><head><meta charset="utf-8"><script>
window.errs=[];
window.onerror=function(m,s,l,c){errs.push(m+' at '+l+':'+c);};
</script></head><body>
%s
<script>
var out=[];
try{%s}catch(e){errs.push('probe: '+e);}
out.unshift('errors: '+(errs.length?errs.join('; '):'none'));
var pre=document.createElement('pre');pre.id='result';
pre.textContent='BEGIN\\n'+out.join('\\n')+'\\nEND';document.body.appendChild(pre);
</script></body></html>
""" % (svg, probe_flame if kind == "flame" else probe_timeline)

with tempfile.TemporaryDirectory() as d:
    wrapper = os.path.join(d, "page.html")
    with open(wrapper, "w", encoding="utf-8") as f:
        f.write(page)
    base = ["chromium", "--headless", "--disable-gpu", "--no-sandbox",
            "--user-data-dir=" + os.path.join(d, "profile")]
    r = subprocess.run(base + ["--dump-dom", "file://" + wrapper],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    m = re.search(r"BEGIN\n(.*?)\nEND", r.stdout, re.S)
    if not m:
        print("no result from chromium (status %d): %s" % (r.returncode, r.stderr[-2000:]))
        sys.exit(1)
    print(html.unescape(m.group(1)))
    shot = os.environ.get("CHROMIUM_PAGE_SCREENSHOT")
    if shot:  # for a person to look at the page after the probe ran
        subprocess.run(base + ["--screenshot=" + shot, "--window-size=1600,900",
                               "file://" + wrapper], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    r = subprocess.run(base + ["--enable-logging=stderr", "--v=0", "--dump-dom",
                               "file://" + os.path.abspath(svg_path)],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for line in r.stderr.splitlines():
        if "Uncaught" in line:
            print("standalone error: " + line)
    if "</svg>" not in r.stdout:
        print("standalone: the SVG did not load")
print("rendered")
