// The SVG of a diagram: value nodes (label, data, grad), constants (just their number), operation
// nodes, edges with labels.
// It only draws: what each node and edge shows comes from view.js (numbers from the engine).

import { layoutGraph } from "./layout.js";
import { measureTexts, svgElement, textWidth } from "./svg.js";

const PAD_X = 8;
const ROW = 16;
const VALUE_HEIGHT = 8 + 3 * ROW + 4;
const OP_HEIGHT = 24;
const CONSTANT_HEIGHT = 24;
const LABEL_LINE = 13;
const MIN_NUMBER = "-0.000"; // room for numbers to change (films, nudges) without a new layout

// graph: diagram data; numbers: per node, the widest text its data and grad may show;
// pickLayout(layoutOf): one of layoutOf("LR"), layoutOf("TB") (the widget knows the room it has).
export function drawDiagram(container, graph, { numbers, edgeTexts, pickLayout, onFocusNode, onLeaveNode, onToggleNode }) {
  const constant = new Set(graph.constants);
  measureTexts([
    ...graph.names.map((name, i) => [name, constant.has(i) ? "bp-node__const" : "bp-node__label"]),
    ...graph.nodes.flatMap((node, i) => [[node.op, "bp-op__text"], ...numbers(i).map((n) => [`grad ${n}`, "bp-node__row"])]),
    ...graph.edges.flatMap((_, k) => edgeTexts(k).flat().map((line) => [line, "bp-edge__text"])),
  ]);
  const numberWidth = (i) => textWidth(`grad ${longest([MIN_NUMBER, ...numbers(i)])}`, "bp-node__row");
  const sizes = {
    value: (i) =>
      constant.has(i)
        ? { width: Math.ceil(Math.max(14, textWidth(graph.names[i], "bp-node__const")) + 2 * PAD_X), height: CONSTANT_HEIGHT }
        : { width: Math.ceil(Math.max(textWidth(graph.names[i], "bp-node__label"), numberWidth(i)) + 2 * PAD_X), height: VALUE_HEIGHT },
    op: (i) => ({ width: Math.ceil(Math.max(30, textWidth(graph.nodes[i].op, "bp-op__text") + 18)), height: OP_HEIGHT }),
    label: (k) => {
      const lines = edgeTexts(k).flat();
      if (!lines.length) return { width: 0, height: 0 };
      return {
        width: Math.ceil(Math.max(...lines.map((t) => textWidth(t, "bp-edge__text"))) + 8),
        height: Math.max(...edgeTexts(k).map((l) => l.length)) * LABEL_LINE + 4,
      };
    },
  };
  const layout = pickLayout((direction) => layoutGraph(graph, sizes, direction));
  const svg = svgElement("svg", {
    class: "bp-graph__svg",
    viewBox: `0 0 ${layout.width} ${layout.height}`,
    width: layout.width,
    height: layout.height,
    role: "group",
    "aria-roledescription": "computation graph",
    "aria-label": `Computation graph of ${graph.names[graph.output]}: ${graph.nodes.length} values. Arrow keys move between them; each one lists its paths to the output.`,
  });
  // Screen readers get the values (nodes); the film caption and paths panel say what edges show.
  const edgeLayer = svgElement("g", { class: "bp-graph__edges", "aria-hidden": "true" }, svg);
  const opLayer = svgElement("g", { class: "bp-graph__ops", "aria-hidden": "true" }, svg);
  const valueLayer = svgElement("g", { class: "bp-graph__values" }, svg);
  const labelLayer = svgElement("g", { class: "bp-graph__labels", "aria-hidden": "true" }, svg);

  const opEdges = layout.opEdges.map((e, i) => e && drawEdge(edgeLayer, e.points, { class: "bp-edge bp-edge--op", "data-node": i }));
  const edges = layout.edges.map((e, k) =>
    drawEdge(edgeLayer, e.points, { class: "bp-edge", "data-edge": k, "data-from": graph.edges[k].from, "data-to": graph.edges[k].to }),
  );
  const labels = layout.edges.map((e, k) => {
    const g = svgElement("g", { class: "bp-edge-label", "data-edge": k }, labelLayer);
    const rect = svgElement("rect", { class: "bp-edge-label__bg", rx: 3 }, g);
    const text = svgElement("text", { class: "bp-edge__text", x: e.label.x, "text-anchor": "middle" }, g);
    return { g, rect, text, x: e.label.x, y: e.label.y, lines: null };
  });
  const ops = layout.ops.map((box, i) => {
    if (!box) return null;
    const g = svgElement("g", { class: "bp-op", "data-node": i }, opLayer);
    svgElement("rect", { class: "bp-op__shape", x: box.x, y: box.y, width: box.width, height: box.height, rx: box.height / 2 }, g);
    const text = svgElement("text", { class: "bp-op__text", x: box.x + box.width / 2, y: box.y + box.height / 2 + 4.5, "text-anchor": "middle" }, g);
    text.textContent = graph.nodes[i].op;
    return g;
  });
  const values = layout.values.map((box, i) => (constant.has(i) ? drawConstant(valueLayer, box, i, graph.names[i]) : drawValue(valueLayer, box, i, graph.names[i])));
  for (const i of graph.leaves) values[i].g.dataset.leaf = "";

  // One tab stop for all the nodes but constants (roving tabindex); arrows move along the order.
  const focusable = graph.nodes.map((_, i) => i).filter((i) => !constant.has(i));
  let focusIndex = graph.output;
  values.forEach((v, i) => {
    if (constant.has(i)) return;
    v.g.tabIndex = i === focusIndex ? 0 : -1;
    v.g.addEventListener("focus", () => {
      values[focusIndex].g.tabIndex = -1;
      focusIndex = i;
      v.g.tabIndex = 0;
      onFocusNode(i);
    });
    v.g.addEventListener("blur", () => onLeaveNode(i));
    v.g.addEventListener("mouseenter", () => onFocusNode(i));
    v.g.addEventListener("mouseleave", () => onLeaveNode(i));
    v.g.addEventListener("click", () => onToggleNode(i));
    v.g.addEventListener("keydown", (event) => {
      const position = focusable.indexOf(i);
      const to = {
        ArrowRight: position + 1, ArrowDown: position + 1, ArrowLeft: position - 1, ArrowUp: position - 1,
        Home: 0, End: focusable.length - 1,
      }[event.key];
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        onToggleNode(i);
      } else if (to !== undefined) {
        event.preventDefault();
        values[focusable[Math.max(0, Math.min(focusable.length - 1, to))]].g.focus();
      }
    });
  });
  container.append(svg);

  // state: from view.js displayState (plus path highlight flags).
  function paint(state) {
    state.nodes.forEach((s, i) => {
      const v = values[i];
      if (constant.has(i)) {
        toggle(v.g, { active: s.active, pending: s.pending, offPath: s.offPath });
        return;
      }
      setText(v.data, s.data);
      setText(v.grad, s.grad);
      v.g.dataset.data = s.data;
      v.g.dataset.grad = s.grad;
      toggle(v.g, s);
      v.g.setAttribute("aria-label", `${graph.names[i]}: data ${s.data}, grad ${s.grad}${graph.nodes[i].op ? `, from ${graph.nodes[i].op}` : ", an input"}`);
      v.g.setAttribute("aria-pressed", s.pinned ? "true" : "false");
      if (ops[i]) toggle(ops[i], { active: s.active, pending: s.pending, onPath: s.onPath && s.opOnPath, offPath: s.offPath });
      if (opEdges[i]) toggle(opEdges[i], { active: s.active, pending: s.pending, onPath: s.onPath && s.opOnPath, offPath: s.offPath });
    });
    state.edges.forEach((s, k) => {
      toggle(edges[k], s);
      toggle(labels[k].g, s);
      setLabel(labels[k], s.hidden ? [] : s.lines);
    });
  }

  return { svg, layout, paint, values, edges, labels, ops };
}

function drawValue(layer, box, i, name) {
  const g = svgElement("g", { class: "bp-node", "data-node": i, role: "button" }, layer);
  svgElement("rect", { class: "bp-node__box", x: box.x, y: box.y, width: box.width, height: box.height, rx: 4 }, g);
  const x = box.x + PAD_X;
  const label = svgElement("text", { class: "bp-node__label", x, y: box.y + 4 + ROW - 3 }, g);
  label.textContent = name;
  svgElement("line", { class: "bp-node__rule", x1: box.x, x2: box.x + box.width, y1: box.y + ROW + 5, y2: box.y + ROW + 5 }, g);
  const row = (n, key) => {
    const text = svgElement("text", { class: "bp-node__row", x, y: box.y + 4 + (n + 1) * ROW + 1 }, g);
    text.append(" "); // not drawn (SVG drops a leading space); read, it keeps "a data 2 grad 4" apart as on screen
    const k = svgElement("tspan", { class: "bp-node__key" }, text);
    k.textContent = `${key} `;
    return svgElement("tspan", { class: `bp-node__${key}` }, text);
  };
  return { g, data: row(1, "data"), grad: row(2, "grad") };
}

// A constant (the 4 of x * 4): its number in a small box; it has no gradient and no nudge.
function drawConstant(layer, box, i, name) {
  const g = svgElement("g", { class: "bp-node bp-node--constant", "data-node": i, "aria-label": `${name}, a constant` }, layer);
  svgElement("rect", { class: "bp-node__box", x: box.x, y: box.y, width: box.width, height: box.height, rx: box.height / 2 }, g);
  const text = svgElement("text", { class: "bp-node__const", x: box.x + box.width / 2, y: box.y + box.height / 2 + 4.5, "text-anchor": "middle" }, g);
  text.textContent = name;
  return { g, data: null, grad: null };
}

function drawEdge(layer, points, attributes) {
  const g = svgElement("g", attributes, layer);
  svgElement("path", { class: "bp-edge__line", d: curve(points) }, g);
  svgElement("path", { class: "bp-edge__head", d: arrowHead(points) }, g);
  return g;
}

// A smooth line through dagre's points (Catmull-Rom as cubic Béziers), stopping short of the arrow.
function curve(points) {
  const p = points.map(({ x, y }) => ({ x, y }));
  const [a, b] = [p[p.length - 2], p[p.length - 1]];
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  p[p.length - 1] = { x: b.x - ((b.x - a.x) / length) * 6, y: b.y - ((b.y - a.y) / length) * 6 };
  let d = `M${p[0].x},${p[0].y}`;
  for (let i = 0; i < p.length - 1; i++) {
    const p0 = p[i - 1] || p[i];
    const p1 = p[i];
    const p2 = p[i + 1];
    const p3 = p[i + 2] || p2;
    d += ` C${p1.x + (p2.x - p0.x) / 6},${p1.y + (p2.y - p0.y) / 6} ${p2.x - (p3.x - p1.x) / 6},${p2.y - (p3.y - p1.y) / 6} ${p2.x},${p2.y}`;
  }
  return d;
}

function arrowHead(points) {
  const [a, b] = [points[points.length - 2], points[points.length - 1]];
  const angle = Math.atan2(b.y - a.y, b.x - a.x);
  const at = (r, turn) => `${b.x - r * Math.cos(angle + turn)},${b.y - r * Math.sin(angle + turn)}`;
  return `M${b.x},${b.y} L${at(8, 0.45)} L${at(8, -0.45)} Z`;
}

function setLabel(label, lines) {
  const key = lines.join("\n");
  if (label.lines === key) return;
  label.lines = key;
  label.text.replaceChildren();
  label.g.classList.toggle("is-empty", lines.length === 0);
  if (!lines.length) return;
  const top = label.y - (lines.length * LABEL_LINE) / 2;
  lines.forEach((line, n) => {
    const tspan = svgElement("tspan", { x: label.x, y: top + (n + 1) * LABEL_LINE - 3.5 }, label.text);
    tspan.textContent = line;
  });
  const width = Math.max(...lines.map((line) => textWidth(line, "bp-edge__text"))) + 6;
  const height = lines.length * LABEL_LINE + 2;
  Object.entries({ x: label.x - width / 2, y: label.y - height / 2, width, height }).forEach(([k, v]) => label.rect.setAttribute(k, v));
}

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

const FLAGS = ["active", "pending", "changed", "done", "hidden", "onPath", "offPath", "pinned"];
function toggle(el, state) {
  for (const flag of FLAGS) el.classList.toggle(`is-${flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, Boolean(state[flag]));
}

function longest(texts) {
  return texts.reduce((a, b) => (b.length > a.length ? b : a), "");
}
