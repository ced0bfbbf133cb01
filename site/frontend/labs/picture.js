// A likely cause's picture: the learner's graph for the case tried, with their numbers, the node the
// cause names marked (drawn by the diagram widget, fetched only when a verdict has one).

import { element } from "../dom.js";

let pictures = 0;

const MARKED = { grad: "the first wrong gradient", data: "the first wrong value" };

// item: the check's list item; picture: {graph, node, kind} from the worker; hint: the cause's paragraph.
export function showCausePicture(item, picture, hint) {
  const figure = element("figure", "bp-widget bp-graph bp-verdict__picture");
  figure.id = `cause-picture-${++pictures}`;
  hint.id ||= `${figure.id}-cause`;
  const name = picture.graph.names[picture.node];
  const what = MARKED[picture.kind] || "the node named above";
  const caption = element("figcaption", "", `Your graph in the case tried, with your numbers: ${what}, ${name}, is outlined in red.`);
  figure.append(caption);
  figure.dataset.markedNode = String(picture.node);
  item.append(figure);
  import("../graph/widget.js").then(({ mountDiagram }) => {
    mountDiagram(figure, {
      graph: picture.graph,
      caption: `Nodes of your graph in the case tried; ${what} is ${name}`,
      nudge: false,
      marked: { node: picture.node, kind: picture.kind, describedBy: hint.id },
    });
    figure.dataset.drawn = "true";
  });
}
