// One diagram widget: the drawing (scroll and zoom), its films, paths panel, nudges and table.

import { button } from "../dom.js";
import { drawDiagram } from "./diagram.js";
import { createFilm } from "./film.js";
import { createNudge } from "./nudge.js";
import { createPathsPanel } from "./paths.js";
import { buildTable, updateTable } from "./table.js";
import { fontSize } from "./svg.js";
import { displayState, edgeTexts, markPaths, nodeNumbers } from "./view.js";

const READABLE_PX = 11; // no text is drawn smaller, at load, after Fit or zooming out: wider graphs scroll
const TEXT_CLASSES = ["bp-node__label", "bp-node__row", "bp-op__text", "bp-edge__text"];
const ZOOM_STEP = 1.25;

const ARROWS = { left: "←", right: "→", up: "↑", down: "↓" };

// root: a figure.bp-graph (from the build, or made for show(v)); data.graph: the diagram data.
export function mountDiagram(root, data) {
  const base = data.graph;
  let graph = base;
  let view = null;
  let hovered = null;
  let pinned = null;
  let diagram = null;
  let scale = 1;
  let zoomed = false; // the reader chose a zoom: a resize keeps it
  let room = 0; // the canvas width the layout was picked for

  let canvas = root.querySelector(".bp-graph__canvas");
  if (!canvas) {
    canvas = document.createElement("div");
    canvas.className = "bp-graph__canvas";
    root.append(canvas);
  }
  const stage = document.createElement("div");
  stage.className = "bp-graph__stage";
  canvas.replaceWith(stage);
  const zoom = document.createElement("div");
  zoom.className = "bp-graph__zoom";
  zoom.setAttribute("role", "group");
  zoom.setAttribute("aria-label", "Zoom");
  const zoomOut = button("−", "bp-graph__zoom-out", () => zoomTo(scale / ZOOM_STEP));
  const zoomIn = button("+", "bp-graph__zoom-in", () => zoomTo(scale * ZOOM_STEP));
  const fit = button("Fit", "bp-graph__zoom-fit", () => fitView());
  zoomOut.setAttribute("aria-label", "Zoom out");
  zoomIn.setAttribute("aria-label", "Zoom in");
  fit.setAttribute("aria-label", "Fit to width");
  // The scroll cue: a line of text and a fade on each side that has more of the graph.
  const more = document.createElement("span");
  more.className = "bp-graph__more";
  more.setAttribute("aria-hidden", "true");
  zoom.append(more, zoomOut, zoomIn, fit);
  const viewport = document.createElement("div");
  viewport.className = "bp-graph__viewport";
  viewport.append(canvas);
  stage.append(zoom, viewport);
  canvas.addEventListener("scroll", () => cue(), { passive: true });

  const controls = document.createElement("div");
  controls.className = "bp-graph__controls";
  stage.after(controls);
  const film = createFilm(controls, {
    getFilm: () => graph.film,
    initialMode: base.nodes[base.output].grad ? "backward" : "forward",
    onView: (v) => {
      view = v;
      root.dataset.film = v ? v.mode : "rest";
      paint();
    },
  });
  const paths = createPathsPanel(controls);
  if (data.nudge !== false) createNudge(controls, {
    base,
    onGraph: (g) => {
      graph = g;
      film.reset();
      draw();
      updateTable(root, g);
    },
  });
  if (!root.querySelector(".bp-graph__details")) root.append(buildTable(base, data.caption || "Nodes of the computation graph"));
  if (data.marked) mark(root.querySelector(`.bp-graph__table tr[data-node="${data.marked.node}"]`));

  function draw() {
    const scroll = [canvas.scrollLeft, canvas.scrollTop];
    canvas.replaceChildren();
    diagram = drawDiagram(canvas, graph, {
      numbers: nodeNumbers(graph),
      edgeTexts: edgeTexts(graph),
      pickLayout,
      onFocusNode: (i) => {
        hovered = i;
        paint();
      },
      onLeaveNode: (i) => {
        if (hovered === i) hovered = null;
        paint();
      },
      onToggleNode: (i) => {
        pinned = pinned === i ? null : i;
        paint();
      },
    });
    root.dataset.nodes = String(graph.nodes.length);
    root.dataset.direction = diagram.layout.direction;
    if (data.marked) mark(canvas.querySelector(`.bp-node[data-node="${data.marked.node}"]`));
    setScale(scale);
    [canvas.scrollLeft, canvas.scrollTop] = scroll;
    paint();
  }

  function paint() {
    const state = displayState(graph, view);
    const focus = hovered ?? pinned;
    if (focus !== null) {
      markPaths(graph, state, focus, focus === pinned);
      paths.show(graph, focus);
    } else {
      paths.hint();
    }
    root.classList.toggle("is-tracing", focus !== null);
    diagram.paint(state);
  }

  // Left to right unless the column is too narrow for it and top to bottom fits (a chain on a phone).
  function pickLayout(layoutOf) {
    const across = layoutOf("LR");
    if (!room || across.width * minScale() <= room) return across;
    const down = layoutOf("TB");
    return down.width * minScale() <= room ? down : across;
  }

  function minScale() {
    return READABLE_PX / Math.min(...TEXT_CLASSES.map(fontSize));
  }

  // At load, on Fit and when the column changes width: the layout that fits best, as big as fits
  // (never below readable, never above 1), scrolled so that the output is in view.
  function fitView() {
    zoomed = false;
    room = Math.max(0, canvas.clientWidth - 2);
    scale = 1;
    draw();
    setScale(room ? Math.max(minScale(), Math.min(1, room / diagram.layout.width)) : 1);
    showOutput();
  }

  function zoomTo(s) {
    zoomed = true;
    setScale(s);
  }

  function setScale(s) {
    scale = Math.max(minScale(), Math.min(3, s));
    diagram.svg.setAttribute("width", String(Math.round(diagram.layout.width * scale)));
    diagram.svg.setAttribute("height", String(Math.round(diagram.layout.height * scale)));
    root.dataset.scale = scale.toFixed(2);
    cue();
  }

  function showOutput() {
    const box = diagram.layout.values[graph.output];
    const offset = Math.max(0, (canvas.clientWidth - diagram.layout.width * scale) / 2); // a centred svg
    const right = offset + (box.x + box.width) * scale + 12;
    const bottom = (box.y + box.height) * scale + 12;
    if (right > canvas.clientWidth) canvas.scrollLeft = right - canvas.clientWidth;
    if (bottom > canvas.clientHeight) canvas.scrollTop = bottom - canvas.clientHeight;
    cue();
  }

  function cue() {
    const sides = [];
    if (canvas.scrollLeft > 1) sides.push("left");
    if (canvas.scrollLeft + canvas.clientWidth < canvas.scrollWidth - 1) sides.push("right");
    if (canvas.scrollTop > 1) sides.push("up");
    if (canvas.scrollTop + canvas.clientHeight < canvas.scrollHeight - 1) sides.push("down");
    viewport.dataset.more = sides.join(" ");
    more.textContent = sides.length ? `Scroll ${sides.map((s) => ARROWS[s]).join(" ")} for more of the graph` : "";
  }

  // data.marked = {node, kind, describedBy}: one node singled out (a lab's first wrong node), on every
  // drawing and in the table; describedBy names the element that says why in words.
  function mark(el) {
    if (!el) return;
    el.classList.add("is-marked");
    el.dataset.marked = data.marked.kind;
    if (data.marked.describedBy) el.setAttribute("aria-describedby", data.marked.describedBy);
  }

  fitView();
  new ResizeObserver(() => {
    if (!zoomed && Math.abs(Math.max(0, canvas.clientWidth - 2) - room) > 1) fitView();
    else cue();
  }).observe(canvas);
  return { root, get graph() { return graph; }, film };
}
