// Runs a flame graph's inline script against a minimal DOM made from
// `check_svg.py dom` output (stdin), then hovers, clicks (zoom) and resets,
// printing what a viewer would see: which frames are shown, their x and
// width, and the details line. Usage: node flamegraph_dom.js NAME < dom.json
"use strict";
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const target = process.argv[2];

function element(attrs) {
  const listeners = {};
  return {
    attrs: Object.assign({}, attrs),
    style: { display: "" },
    textContent: "",
    getAttribute(k) { return k in this.attrs ? String(this.attrs[k]) : null; },
    setAttribute(k, v) { this.attrs[k] = String(v); },
    addEventListener(ev, fn) { listeners[ev] = fn; },
    fire(ev) { listeners[ev](); },
  };
}

const frames = input.frames.map((f) => {
  const g = element(f.attrs);
  g.rect = element(f.rect);
  g.text = element(f.text);
  g.querySelector = (sel) => (sel === "rect" ? g.rect : g.text);
  return g;
});
const byId = { details: element({}), reset: element({}) };
global.document = {
  querySelectorAll: (sel) => (sel === "g.f" ? frames : []),
  getElementById: (id) => byId[id],
};
new Function(input.script)();

function show(when) {
  for (const g of frames) {
    if (g.style.display === "none") continue;
    console.log(`${when} ${g.getAttribute("data-name")} x=${(+g.rect.getAttribute("x")).toFixed(1)}` +
                ` w=${(+g.rect.getAttribute("width")).toFixed(1)} label=${g.text.textContent}`);
  }
  console.log(`${when} reset ${byId.reset.style.display === "none" ? "hidden" : "shown"}`);
}

const g = frames.find((f) => f.getAttribute("data-name") === target);
show("initial");
g.fire("mouseover");
console.log("details " + byId.details.textContent);
g.fire("click");
show("zoomed");
byId.reset.fire("click");
show("reset");
