// Computation-graph diagrams: ```python graph blocks on the page, and show(v) in cells and labs.
// Drawing needs no Python (the build embedded the numbers); only nudges start it.

import { mountDiagram } from "./widget.js";

let shown = 0;

export function mountGraphs(widgets) {
  return widgets.map(({ element, data }) => mountDiagram(element, data));
}

// show(v) in a cell: the same widget, built in the cell's Output (main.js registers it for "graph").
export function renderShownGraph(holder, payload) {
  const figure = document.createElement("figure");
  figure.className = "bp-widget bp-graph bp-graph--shown";
  figure.dataset.kind = "graph-shown";
  figure.id = `shown-graph-${++shown}`;
  if (payload.title) {
    const caption = document.createElement("figcaption");
    caption.textContent = payload.title;
    figure.append(caption);
  }
  holder.append(figure);
  mountDiagram(figure, { graph: payload.graph, caption: `Nodes of the graph of ${payload.graph.names[payload.graph.output]}` });
}
