// Making SVG elements, and measuring text in the diagram's own fonts before layout.

const NS = "http://www.w3.org/2000/svg";

export function svgElement(name, attributes = {}, parent = null) {
  const el = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, value);
  parent?.append(el);
  return el;
}

let ruler = null;
const widths = new Map(); // "class\ntext" -> width
const sizes = new Map(); // class -> font size in px

// Measures many [text, className] pairs at once (one layout for all of them, not one each), in an
// off-screen SVG, so diagrams in closed <details> or hidden tabs measure right too.
export function measureTexts(pairs) {
  if (!ruler) {
    ruler = svgElement("svg", { class: "bp-graph__svg bp-graph__ruler", "aria-hidden": "true", width: "0", height: "0" });
    document.body.append(ruler);
  }
  const fresh = new Map();
  for (const [text, className] of pairs) {
    const key = `${className}\n${text}`;
    if (widths.has(key) || fresh.has(key)) continue;
    const t = svgElement("text", { class: className }, ruler);
    t.textContent = text;
    fresh.set(key, t);
  }
  for (const [key, t] of fresh) widths.set(key, t.getComputedTextLength());
  ruler.replaceChildren();
}

// The font size (px) the diagram's CSS gives text of this class.
export function fontSize(className) {
  if (!sizes.has(className)) {
    measureTexts([]);
    const t = svgElement("text", { class: className }, ruler);
    sizes.set(className, parseFloat(getComputedStyle(t).fontSize) || 12);
    t.remove();
  }
  return sizes.get(className);
}

export function textWidth(text, className) {
  const key = `${className}\n${text}`;
  if (!widths.has(key)) measureTexts([[text, className]]);
  return widths.get(key);
}
