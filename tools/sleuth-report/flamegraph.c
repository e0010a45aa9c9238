/* Flame graph as one SVG file with its script inline (no network, no other
 * files): the root "all" at the bottom, callees above their callers, width
 * proportional to the value. Each frame is a <g class="f"> carrying its
 * position as fractions of the root (data-x, data-w) and its depth, so the
 * script can zoom by recomputing rectangles without knowing the tree.
 * Above it: the total in KiB/MiB, a search box (a regular expression, or
 * the text itself when it is not one) that colours matching frames and
 * prints the share they cover; hovering a frame shows a tooltip beside it
 * (name, source file and line, module, value in units, percentage), so the
 * slivers too small for a label can be read; frames of one name at other
 * lines are one box, whose tooltip says "several lines". On the right: the
 * top sites (the frame that called the allocator), each a click away from
 * being searched for; in a growth graph (--base) a site whose growth is
 * within its 2-sigma sampling error is marked '~' and greyed, and a line
 * under the title gives the time span and the rate. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "graphs.h"
#include "util.h"

typedef struct {
  const char *name;
  double v;
  size_t *kids;
  size_t nkids, cap;
  const frame *f;   /* the first frame seen for the node: its file, line, module */
  bool many_lines;  /* frames of the node's name at other lines were merged into it */
} node;

typedef struct {
  node *v;
  size_t n, cap;
} tree;

static size_t new_node(tree *t, const char *name) {
  GROW(t->v, t->cap, t->n);
  t->v[t->n].name = name;
  return t->n++;
}

static size_t child(tree *t, size_t parent, const frame *f) {
  node *p = &t->v[parent];
  for (size_t i = 0; i < p->nkids; i++) {
    node *k = &t->v[p->kids[i]];
    if (strcmp(k->name, f->name) != 0)
      continue;
    if (k->f->line != f->line ||
        (k->f->file && f->file ? strcmp(k->f->file, f->file) != 0 : k->f->file != f->file))
      k->many_lines = true;
    return p->kids[i];
  }
  size_t id = new_node(t, f->name);
  t->v[id].f = f;
  p = &t->v[parent]; /* new_node may have moved the array */
  GROW(p->kids, p->cap, p->nkids);
  p->kids[p->nkids++] = id;
  return id;
}

static tree *sort_tree;
static int by_name(const void *a, const void *b) {
  return strcmp(sort_tree->v[*(const size_t *)a].name, sort_tree->v[*(const size_t *)b].name);
}

enum { WIDTH = 1200, PAD = 10, ROW = 16, TOP = 76, BOTTOM = 40, SIDE = 360, NSITES = 20 };
#define USABLE (WIDTH - 2 * PAD)

static size_t depth_of(const tree *t, size_t id) {
  size_t d = 0;
  for (size_t i = 0; i < t->v[id].nkids; i++) {
    size_t c = 1 + depth_of(t, t->v[id].kids[i]);
    if (c > d)
      d = c;
  }
  return d;
}

/* Warm colours, stable per name, as flame graphs are usually drawn. */
static void colour(const char *name, int *r, int *g, int *b) {
  unsigned h = 2166136261u;
  for (const char *c = name; *c; c++)
    h = (h ^ (unsigned char)*c) * 16777619u;
  *r = 205 + (int)(h % 50);
  *g = 80 + (int)((h >> 8) % 130);
  *b = 40 + (int)((h >> 16) % 50);
}

/* The name cut to what fits in width pixels (7 per character), so that
 * viewers without scripts show labels too; the script's label() does the
 * same after a zoom. */
static void label(FILE *out, const char *name, double width) {
  int fit = (int)((width - 6) / 7);
  size_t n = strlen(name);
  if (fit < 3)
    return;
  if (n <= (size_t)fit) {
    xml_escape(out, name);
    return;
  }
  char *cut = xstrndup(name, (size_t)fit - 2);
  xml_escape(out, cut);
  fputs("..", out);
  free(cut);
}

/* "file.c:35 (module)", "file.c (several lines) (module)" or "(module)":
 * where a frame is, for its tooltip. */
static void location_of(FILE *out, const node *n) {
  const frame *f = n->f;
  if (!f)
    return;
  if (f->file) {
    xml_escape(out, base_name(f->file));
    if (n->many_lines)
      fputs(" (several lines)", out);
    else if (f->line > 0)
      fprintf(out, ":%d", f->line);
  }
  if (f->module) {
    fputs(f->file ? " (" : "(", out);
    xml_escape(out, base_name(f->module));
    fputc(')', out);
  }
}

/* "5.9 KiB (6000 bytes)", "700 bytes" or "12 objects". */
static void amount(FILE *out, double v, metric m) {
  char h[32];
  if (!metric_is_space(m))
    fprintf(out, "%.0f objects", whole(v));
  else if (whole(v) < 1024)
    fprintf(out, "%.0f bytes", whole(v));
  else
    fprintf(out, "%s (%.0f bytes)", human_bytes(v, h, sizeof(h)), whole(v));
}

static void emit(FILE *out, const tree *t, size_t id, double x, size_t depth, size_t maxdepth,
                 double total, metric m) {
  const node *n = &t->v[id];
  double w = n->v / total;
  if (w * USABLE < 0.1 && depth)
    return; /* invisible, and they would make huge files (flamegraph.pl's rule too) */
  double y = TOP + (double)(maxdepth - depth) * ROW;
  int r, g, b;
  colour(n->name, &r, &g, &b);
  fprintf(out, "<g class=\"f\" data-x=\"%.9f\" data-w=\"%.9f\" data-d=\"%zu\" data-v=\"%.0f\" data-name=\"",
          x, w, depth, whole(n->v));
  xml_escape(out, n->name);
  fputs("\" data-loc=\"", out);
  location_of(out, n);
  fprintf(out, "\"><title>");
  xml_escape(out, n->name);
  if (n->f) {
    fputc(' ', out);
    location_of(out, n);
  }
  fputs(" \xe2\x80\x94 ", out);
  amount(out, n->v, m);
  fprintf(out, ", %.2f%%</title>", 100 * w);
  fprintf(out, "<rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%d\" rx=\"2\" fill=\"rgb(%d,%d,%d)\"/>",
          PAD + x * USABLE, y, w * USABLE, ROW - 1, r, g, b);
  fprintf(out, "<text x=\"%.2f\" y=\"%.1f\">", PAD + x * USABLE + 3, y + ROW - 4);
  label(out, n->name, w * USABLE);
  fputs("</text></g>\n", out);
  double cx = x;
  for (size_t i = 0; i < n->nkids; i++) {
    emit(out, t, n->kids[i], cx, depth + 1, maxdepth, total, m);
    cx += t->v[n->kids[i]].v / total;
  }
}

/* The script. fmt() must give what amount() gives. */
static const char script[] =
    "var frames=document.querySelectorAll('g.f');\n"
    "var details=document.getElementById('details'),tip=document.getElementById('tip'),\n"
    "  matched=document.getElementById('matched'),box=document.getElementById('search');\n"
    "function fmt(v){v=Math.round(v);if(UNIT!='bytes')return v+' objects';\n"
    "  if(v<1024)return v+' bytes';var u=['KiB','MiB','GiB','TiB'],x=v/1024,i=0;\n"
    "  while(x>=1024&&i<3){x/=1024;i++;}return x.toFixed(1)+' '+u[i]+' ('+v+' bytes)';}\n"
    "function pct(v){return (TOTAL?(100*v/TOTAL).toFixed(2):'0.00')+'%';}\n"
    "function label(g,w){var t=g.querySelector('text'),n=g.getAttribute('data-name');\n"
    "  var c=Math.floor((w-6)/7);\n"
    "  t.textContent=c<3?'':(n.length<=c?n:n.substring(0,c-2)+'..');}\n"
    "function place(g,x,w){var r=g.querySelector('rect'),t=g.querySelector('text');\n"
    "  r.setAttribute('x',PAD+x*(W-2*PAD));r.setAttribute('width',w*(W-2*PAD));\n"
    "  t.setAttribute('x',PAD+x*(W-2*PAD)+3);g.style.display='';label(g,w*(W-2*PAD));}\n"
    "function zoom(z){var x0=+z.getAttribute('data-x'),w0=+z.getAttribute('data-w'),\n"
    "  d0=+z.getAttribute('data-d'),e=1e-9;\n"
    "  for(var i=0;i<frames.length;i++){var g=frames[i],x=+g.getAttribute('data-x'),\n"
    "    w=+g.getAttribute('data-w'),d=+g.getAttribute('data-d');\n"
    "    if(d<d0&&x<=x0+e&&x+w>=x0+w0-e)place(g,0,1);\n"
    "    else if(d>=d0&&x>=x0-e&&x+w<=x0+w0+e)place(g,(x-x0)/w0,w/w0);\n"
    "    else g.style.display='none';}\n"
    "  document.getElementById('reset').style.display='';}\n"
    "function reset(){for(var i=0;i<frames.length;i++){var g=frames[i];\n"
    "  place(g,+g.getAttribute('data-x'),+g.getAttribute('data-w'));}\n"
    "  document.getElementById('reset').style.display='none';}\n"
    "function describe(g){var v=+g.getAttribute('data-v'),l=g.getAttribute('data-loc');\n"
    "  return g.getAttribute('data-name')+(l?' '+l:'')+' \\u2014 '+fmt(v)+', '+pct(v);}\n"
    /* The tooltip sits above the frame (below it on the top row), kept
     * inside the flame graph's width. */
    "function showTip(g){if(!tip)return;var r=g.querySelector('rect'),\n"
    "  t=tip.querySelector('text'),bg=tip.querySelector('rect');t.textContent=describe(g);\n"
    "  var w=(t.getComputedTextLength?t.getComputedTextLength():7*t.textContent.length)+12;\n"
    "  var x=Math.max(2,Math.min(+r.getAttribute('x'),W-w-2)),y=+r.getAttribute('y')-24;\n"
    "  if(y<TOPY)y+=24+ROW+2;bg.setAttribute('width',w);\n"
    "  tip.setAttribute('transform','translate('+x+','+y+')');tip.style.display='';}\n"
    "function hideTip(){if(tip)tip.style.display='none';}\n"
    /* Colours the frames whose name matches term and returns what they
     * cover: nested matches count once (the union of their spans). */
    "function search(term,literal){var re=null,spans=[],n=0;\n"
    "  if(term&&!literal){try{re=new RegExp(term);}catch(e){re=null;}}\n"
    "  for(var i=0;i<frames.length;i++){var g=frames[i],r=g.querySelector('rect'),\n"
    "    name=g.getAttribute('data-name'),hit=!!term&&(re?re.test(name):name.indexOf(term)>=0);\n"
    "    if(r.getAttribute('data-fill')===null)r.setAttribute('data-fill',r.getAttribute('fill'));\n"
    "    r.setAttribute('fill',hit?'rgb(230,0,230)':r.getAttribute('data-fill'));\n"
    "    if(hit){n++;spans.push([+g.getAttribute('data-x'),+g.getAttribute('data-w')]);}}\n"
    "  spans.sort(function(a,b){return a[0]-b[0];});var cover=0,end=0;\n"
    "  for(var k=0;k<spans.length;k++){var b=spans[k][0],e=b+spans[k][1];\n"
    "    if(e>end){cover+=e-Math.max(b,end);end=e;}}\n"
    "  var v=cover*TOTAL;if(matched)matched.textContent=term?'Matched: '+fmt(v)+', '+\n"
    "    pct(v)+' ('+n+' frame'+(n==1?'':'s')+')':' ';\n"
    "  return {frames:n,value:Math.round(v),percent:TOTAL?100*v/TOTAL:0};}\n"
    "for(var i=0;i<frames.length;i++){(function(g){\n"
    "  g.addEventListener('mouseover',function(){details.textContent=describe(g);showTip(g);});\n"
    "  g.addEventListener('mouseout',function(){details.textContent=' ';hideTip();});\n"
    "  g.addEventListener('click',function(){zoom(g);});})(frames[i]);}\n"
    "var sites=document.querySelectorAll('g.site');\n"
    "for(var i=0;i<sites.length;i++){(function(s){s.addEventListener('click',function(){\n"
    "  var n=s.getAttribute('data-name');if(box)box.value=n;search(n,true);});})(sites[i]);}\n"
    "if(box)box.addEventListener('input',function(){search(box.value);});\n"
    "document.getElementById('reset').addEventListener('click',reset);\n"
    /* A window narrower than the file (flame graph and side list) scales
     * the whole picture down instead of hiding the list off to the right;
     * the viewBox keeps every coordinate above as it is. */
    "var root=document.querySelector?document.querySelector('svg'):null;\n"
    "function fit(){if(!root||!window.innerWidth)return;var w=window.innerWidth-4;\n"
    "  if(FULLH*w/FULLW>window.innerHeight)w-=17;w=Math.min(w,FULLW);\n"
    "  root.setAttribute('width',w);root.setAttribute('height',Math.round(FULLH*w/FULLW));}\n"
    "if(typeof window!=='undefined'&&window.addEventListener){window.addEventListener('resize',fit);fit();}\n"
    "reset();\n";

typedef struct {
  const char *name;
  double v, var, k; /* value, its variance and samples (errors.h) */
} site;

static int by_value_desc(const void *a, const void *b) {
  const site *x = a, *y = b;
  if (x->v != y->v)
    return x->v < y->v ? 1 : -1;
  return strcmp(x->name, y->name);
}

/* The innermost frame of each stack (the profile already skipped the
 * allocator's own frames), values summed by name, largest first. */
static site *top_sites(const profile *p, metric m, size_t *n) {
  strmap index = {0};
  site *v = NULL;
  size_t cap = 0;
  *n = 0;
  for (size_t i = 0; i < p->nsamples; i++) {
    const sample *s = &p->samples[i];
    if (s->v[m] <= 0 || !s->nframes)
      continue;
    const char *name = s->frames[0]->name;
    size_t at = strmap_get(&index, name);
    if (at == (size_t)-1) {
      GROW(v, cap, *n);
      v[*n] = (site){name, 0, 0, 0};
      strmap_put(&index, name, *n);
      at = (*n)++;
    }
    v[at].v += s->v[m];
    v[at].var += errors_variance(p, s, m);
    v[at].k += errors_count(s, m);
  }
  strmap_free(&index);
  if (*n)
    qsort(v, *n, sizeof(*v), by_value_desc);
  return v;
}

/* A sampled site's value within its 2-sigma error: with --base, growth
 * that may be noise. */
static bool is_noise(const site *s, double interval) {
  return interval > 1 && s->k > 0 && fabs(s->v) <= errors_two_sigma(s->var);
}

static void side_list(FILE *out, const site *v, size_t n, double total, metric m, bool growth,
                      double interval) {
  int x = WIDTH + 10;
  fprintf(out, "<text x=\"%d\" y=\"%d\" style=\"font-weight:bold\">Top sites (caller of the "
               "allocator)</text>\n",
          x, TOP + 4);
  for (size_t i = 0; i < n && i < NSITES; i++) {
    int y = TOP + 24 + (int)i * ROW;
    char h[32];
    bool noise = growth && is_noise(&v[i], interval);
    fprintf(out, "<g class=\"site%s\" data-name=\"", noise ? " noise" : "");
    xml_escape(out, v[i].name);
    fprintf(out, "\"><title>");
    xml_escape(out, v[i].name);
    fputs(" \xe2\x80\x94 ", out);
    amount(out, v[i].v, m);
    fprintf(out, ", %.2f%%", total > 0 ? 100 * v[i].v / total : 0);
    if (interval > 1 && v[i].k > 0)
      fprintf(out, " +- %.0f (2 sigma, %.0f sample%s)%s", whole(errors_two_sigma(v[i].var)),
              v[i].k, v[i].k == 1 ? "" : "s", noise ? ": within the noise" : "");
    fprintf(out, "</title><text x=\"%d\" y=\"%d\">%s", x, y, noise ? "~" : " ");
    if (metric_is_space(m))
      human_bytes(v[i].v, h, sizeof(h));
    else
      snprintf(h, sizeof(h), "%.0f", whole(v[i].v));
    fprintf(out, "%10s %5.1f%% ", h, total > 0 ? 100 * v[i].v / total : 0);
    const char *name = v[i].name;
    if (strlen(name) > 24) {
      char *cut = xstrndup(name, 22);
      xml_escape(out, cut);
      fputs("..", out);
      free(cut);
    } else {
      xml_escape(out, name);
    }
    fputs("</text></g>\n", out);
  }
  if (n > NSITES)
    fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"note\">and %zu more</text>\n", x,
            TOP + 24 + NSITES * ROW, n - NSITES);
  size_t noisy = 0;
  for (size_t i = 0; growth && i < n && i < NSITES; i++)
    noisy += is_noise(&v[i], interval);
  if (noisy)
    fprintf(out, "<text class=\"noise\" x=\"%d\" y=\"%d\">~ = growth within its sampling "
                 "noise (2 sigma)</text>\n",
            x, TOP + 24 + (NSITES + 1) * ROW);
}

void write_flamegraph(FILE *out, const profile *p, metric m, const char *title,
                      const char *subtitle, bool growth) {
  tree t = {0};
  size_t root = new_node(&t, "all");
  for (size_t i = 0; i < p->nsamples; i++) {
    const sample *s = &p->samples[i];
    double v = s->v[m];
    if (v <= 0)
      continue;
    t.v[root].v += v;
    size_t at = root;
    for (size_t k = s->nframes; k-- > 0;) {
      at = child(&t, at, s->frames[k]);
      t.v[at].v += v;
    }
  }
  sort_tree = &t;
  for (size_t i = 0; i < t.n; i++)
    qsort(t.v[i].kids, t.v[i].nkids, sizeof(size_t), by_name);
  size_t maxdepth = depth_of(&t, root);
  double total = t.v[root].v;
  size_t nsites;
  site *sites = top_sites(p, m, &nsites);
  int height = TOP + (int)(maxdepth + 1) * ROW + BOTTOM;
  int side_h = TOP + 24 + (NSITES + 2) * ROW;
  if (height < side_h)
    height = side_h;
  const char *unit = metric_is_space(m) ? "bytes" : "objects";

  fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
               "viewBox=\"0 0 %d %d\">\n",
          WIDTH + SIDE, height, WIDTH + SIDE, height);
  fprintf(out, "<style>text{font-family:monospace;font-size:12px;fill:#000;white-space:pre}"
               "g.f{cursor:pointer}g.f:hover rect{stroke:#000;stroke-width:0.5}"
               "g.site{cursor:pointer}g.site:hover text{fill:#06c}.note{fill:#777}"
               "g.noise text,.noise{fill:#999}"
               "#tip{pointer-events:none}#tip rect{fill:#ffffe0;stroke:#333;stroke-width:0.5}"
               "#reset{cursor:pointer;fill:#06c}#matched{fill:#a000a0}</style>\n");
  fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fafaf0\"/>\n", WIDTH + SIDE,
          height);
  fprintf(out, "<text x=\"%d\" y=\"22\" text-anchor=\"middle\" style=\"font-size:16px\">", WIDTH / 2);
  xml_escape(out, title);
  fputs("</text>\n", out);
  if (subtitle) {
    fprintf(out, "<text id=\"span\" x=\"%d\" y=\"66\" text-anchor=\"middle\">", WIDTH / 2);
    xml_escape(out, subtitle);
    fputs("</text>\n", out);
  }
  fprintf(out, "<text id=\"total\" x=\"%d\" y=\"46\" style=\"font-size:14px\">Total: ", PAD);
  amount(out, total, m);
  fprintf(out, " (%s)</text>\n", metric_names[m]);
  fprintf(out, "<text id=\"reset\" x=\"%d\" y=\"66\" style=\"display:none\">Reset zoom</text>\n", PAD);
  fprintf(out, "<foreignObject x=\"%d\" y=\"30\" width=\"300\" height=\"26\">"
               "<input xmlns=\"http://www.w3.org/1999/xhtml\" id=\"search\" type=\"search\" "
               "placeholder=\"Search frames (regular expression)\" "
               "style=\"width:290px;font:12px monospace\"/></foreignObject>\n",
          WIDTH - PAD - 300);
  fprintf(out, "<text id=\"matched\" x=\"%d\" y=\"68\" text-anchor=\"end\"> </text>\n", WIDTH - PAD);
  fprintf(out, "<text id=\"details\" x=\"%d\" y=\"%d\"> </text>\n", PAD, height - 14);
  if (total > 0)
    emit(out, &t, root, 0, 0, maxdepth, total, m);
  side_list(out, sites, nsites, total, m, growth, p->interval);
  fputs("<g id=\"tip\" style=\"display:none\"><rect x=\"0\" y=\"0\" height=\"20\" rx=\"3\"/>"
        "<text x=\"6\" y=\"14\"> </text></g>\n",
        out);
  fputs("<script type=\"text/ecmascript\"><![CDATA[\n", out);
  fprintf(out, "var W=%d,PAD=%d,ROW=%d,TOPY=%d,FULLW=%d,FULLH=%d,TOTAL=%.0f,UNIT='%s';\n", WIDTH,
          PAD, ROW, TOP, WIDTH + SIDE, height, whole(total), unit);
  fputs(script, out);
  fputs("]]></script>\n</svg>\n", out);
  free(sites);
  for (size_t i = 0; i < t.n; i++)
    free(t.v[i].kids);
  free(t.v);
}
