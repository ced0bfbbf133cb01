// The paths panel: every path from a node to the output, the product of the local gradients
// along each, and their sum, which is the node's gradient (the products and sums come from Python).

export function createPathsPanel(parent) {
  const panel = document.createElement("div");
  panel.className = "bp-paths";
  panel.setAttribute("aria-live", "polite");
  parent.append(panel);
  const hint = () => {
    panel.replaceChildren(paragraph("bp-paths__hint", "Hover over a node, or focus it, to see its paths to the output."));
    delete panel.dataset.node;
  };
  hint();

  function show(graph, i) {
    const { paths, count, sum_text: sum } = graph.paths[i];
    const name = graph.names[i];
    const out = graph.names[graph.output];
    panel.dataset.node = String(i);
    if (i === graph.output) {
      panel.replaceChildren(paragraph("bp-paths__sum", `${out} is the output: its grad is 1, since it changes one for one with itself.`));
      return;
    }
    const intro = paragraph(
      "bp-paths__intro",
      `${count === 1 ? "One path leads" : `${count.toLocaleString()} paths lead`} from ${name} to ${out}. ` +
        "Multiply the local gradients along each path, then add up the paths:",
    );
    const list = document.createElement("ol");
    list.className = "bp-paths__list";
    const seen = new Set();
    for (const path of paths) {
      const item = document.createElement("li");
      let route = [name, ...path.edges.map((k) => graph.names[graph.edges[k].to])].join(" → ");
      // x * x reaches its product along two edges: the same route, twice, each with its own factor.
      if (seen.has(route)) route += " (its other edge)";
      else seen.add(route);
      const factors = path.edges.map((k) => graph.edges[k].local_text).join(" × ");
      item.textContent = `${route}: ${factors} = ${path.product_text}`;
      list.append(item);
    }
    const rest = count - paths.length;
    const more = rest > 0 ? ` (plus ${rest.toLocaleString()} more ${rest === 1 ? "path" : "paths"} not listed)` : "";
    const terms = paths.map((p) => p.product_text).join(" + ");
    const total = paragraph(
      "bp-paths__sum",
      count > 1 ? `Sum: ${terms}${more} = ${sum} = ${name}.grad` : `So ${name}.grad = ${sum}`,
    );
    panel.replaceChildren(intro, list, total);
  }

  return { element: panel, show, hint };
}

function paragraph(className, text) {
  const p = document.createElement("p");
  p.className = className;
  p.textContent = text;
  return p;
}
