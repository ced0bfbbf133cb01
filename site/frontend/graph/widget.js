// One diagram widget: the drawing (scroll and zoom), its films, paths panel, nudges and table.

import { button } from "../cells/cell.js";
import { drawDiagram } from "./diagram.js";
import { createFilm } from "./film.js";
import { createNudge } from "./nudge.js";
import { createPathsPanel } from "./paths.js";
import { buildTable, updateTable } from "./table.js";
import { displayState, edgeTexts, markPaths, nodeNumbers } from "./view.js";

const MIN_FIT = 0.85; // smaller text is hard to read: wider graphs scroll instead
const ZOOM_STEP = 1.25;

// root: a figure.bp-graph (from the build, or made for show(v)); data.graph: the diagram data.
export function mountDiagram(root, data) {
  const base = data.graph;
  let graph = base;
  let view = null;
  let hovered = null;
  let pinned = null;
  let diagram = null;
  let scale = 1;

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
  const zoomOut = button("−", "bp-graph__zoom-out", () => setScale(scale / ZOOM_STEP));
  const zoomIn = button("+", "bp-graph__zoom-in", () => setScale(scale * ZOOM_STEP));
  const fit = button("Fit", "bp-graph__zoom-fit", () => setScale(fitScale(0)));
  zoomOut.setAttribute("aria-label", "Zoom out");
  zoomIn.setAttribute("aria-label", "Zoom in");
  fit.setAttribute("aria-label", "Fit to width");
  zoom.append(zoomOut, zoomIn, fit);
  stage.append(zoom, canvas);

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
  createNudge(controls, {
    base,
    onGraph: (g) => {
      graph = g;
      film.reset();
      draw();
      updateTable(root, g);
    },
  });
  if (!root.querySelector(".bp-graph__details")) root.append(buildTable(base, data.caption || "Nodes of the computation graph"));

  function draw() {
    const scroll = [canvas.scrollLeft, canvas.scrollTop];
    canvas.replaceChildren();
    diagram = drawDiagram(canvas, graph, {
      numbers: nodeNumbers(graph),
      edgeTexts: edgeTexts(graph),
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

  function fitScale(fallback) {
    const width = canvas.clientWidth;
    if (!width) return fallback;
    return Math.min(1, (width - 2) / diagram.layout.width);
  }

  function setScale(s) {
    scale = Math.max(0.2, Math.min(3, s));
    diagram.svg.setAttribute("width", String(Math.round(diagram.layout.width * scale)));
    diagram.svg.setAttribute("height", String(Math.round(diagram.layout.height * scale)));
    root.dataset.scale = scale.toFixed(2);
  }

  draw();
  setScale(Math.max(MIN_FIT, fitScale(1)));
  return { root, get graph() { return graph; }, film };
}
