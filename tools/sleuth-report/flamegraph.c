/* Flame graph as one SVG file with its script inline (no network, no other
 * files): the root "all" at the bottom, callees above their callers, width
 * proportional to the value. Each frame is a <g class="f"> carrying its
 * position as fractions of the root (data-x, data-w) and its depth, so the
 * script can zoom by recomputing rectangles without knowing the tree. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "graphs.h"
#include "util.h"

typedef struct {
  const char *name;
  double v;
  size_t *kids;
  size_t nkids, cap;
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

static size_t child(tree *t, size_t parent, const char *name) {
  node *p = &t->v[parent];
  for (size_t i = 0; i < p->nkids; i++)
    if (strcmp(t->v[p->kids[i]].name, name) == 0)
      return p->kids[i];
  size_t id = new_node(t, name);
  p = &t->v[parent]; /* new_node may have moved the array */
  GROW(p->kids, p->cap, p->nkids);
  p->kids[p->nkids++] = id;
  return id;
}

static tree *sort_tree;
static int by_name(const void *a, const void *b) {
  return strcmp(sort_tree->v[*(const size_t *)a].name, sort_tree->v[*(const size_t *)b].name);
}

enum { WIDTH = 1200, PAD = 10, ROW = 16, TOP = 50, BOTTOM = 40 };
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
  fprintf(out, "\"><title>");
  xml_escape(out, n->name);
  fprintf(out, " (%.0f %s, %.2f%%)</title>", whole(n->v), metric_is_space(m) ? "bytes" : "objects",
          100 * w);
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

static const char script[] =
    "var W=%d,PAD=%d,TOTAL=%.0f,UNIT='%s';\n"
    "var frames=document.querySelectorAll('g.f');\n"
    "var details=document.getElementById('details');\n"
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
    "function describe(g){var v=+g.getAttribute('data-v');\n"
    "  return g.getAttribute('data-name')+' \\u2014 '+v+' '+UNIT+' ('+\n"
    "    (TOTAL?(100*v/TOTAL).toFixed(2):'0.00')+'%%)';}\n"
    "for(var i=0;i<frames.length;i++){(function(g){\n"
    "  g.addEventListener('mouseover',function(){details.textContent=describe(g);});\n"
    "  g.addEventListener('mouseout',function(){details.textContent=' ';});\n"
    "  g.addEventListener('click',function(){zoom(g);});})(frames[i]);}\n"
    "document.getElementById('reset').addEventListener('click',reset);\n"
    "reset();\n";

void write_flamegraph(FILE *out, const profile *p, metric m, const char *title) {
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
      at = child(&t, at, s->frames[k]->name);
      t.v[at].v += v;
    }
  }
  sort_tree = &t;
  for (size_t i = 0; i < t.n; i++)
    qsort(t.v[i].kids, t.v[i].nkids, sizeof(size_t), by_name);
  size_t maxdepth = depth_of(&t, root);
  double total = t.v[root].v;
  int height = TOP + (int)(maxdepth + 1) * ROW + BOTTOM;
  const char *unit = metric_is_space(m) ? "bytes" : "objects";

  fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
               "viewBox=\"0 0 %d %d\">\n",
          WIDTH, height, WIDTH, height);
  fprintf(out, "<style>text{font-family:monospace;font-size:12px;fill:#000}"
               "g.f{cursor:pointer}g.f:hover rect{stroke:#000;stroke-width:0.5}"
               "#reset{cursor:pointer;fill:#06c}</style>\n");
  fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fafaf0\"/>\n", WIDTH, height);
  fprintf(out, "<text x=\"%d\" y=\"24\" text-anchor=\"middle\" style=\"font-size:16px\">", WIDTH / 2);
  xml_escape(out, title);
  fprintf(out, "</text>\n<text id=\"reset\" x=\"%d\" y=\"24\" style=\"display:none\">Reset zoom</text>\n", PAD);
  fprintf(out, "<text id=\"details\" x=\"%d\" y=\"%d\"> </text>\n", PAD, height - 14);
  if (total > 0)
    emit(out, &t, root, 0, 0, maxdepth, total, m);
  fputs("<script type=\"text/ecmascript\"><![CDATA[\n", out);
  fprintf(out, script, WIDTH, PAD, total, unit);
  fputs("]]></script>\n</svg>\n", out);
  for (size_t i = 0; i < t.n; i++)
    free(t.v[i].kids);
  free(t.v);
}
