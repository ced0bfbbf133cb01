// The diagram's text alternative: a table of its nodes (label, operation, value, gradient).
// Graph blocks get it from the build; show(v) diagrams build the same markup here.

export function buildTable(graph, caption) {
  const details = document.createElement("details");
  details.className = "bp-graph__details";
  const summary = document.createElement("summary");
  summary.textContent = "Table of nodes";
  const table = document.createElement("table");
  table.className = "bp-graph__table";
  table.createCaption().textContent = caption;
  const head = table.createTHead().insertRow();
  for (const title of ["Label", "Operation", "Value", "Gradient"]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = title;
    head.append(th);
  }
  const body = table.createTBody();
  graph.nodes.forEach((node, i) => {
    const row = body.insertRow();
    row.dataset.node = String(i);
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = graph.names[i];
    row.append(th);
    row.insertCell().textContent = node.op || (graph.constants.includes(i) ? "constant" : "input");
    for (const field of ["data", "grad"]) {
      const cell = row.insertCell();
      cell.className = "bp-graph__num";
      cell.dataset.field = field;
    }
  });
  details.append(summary, table);
  updateTable(details, graph);
  return details;
}

// The table shows the graph's current values (after a nudge, the recomputed ones).
export function updateTable(root, graph) {
  for (const row of root.querySelectorAll("tr[data-node]")) {
    const texts = graph.texts[Number(row.dataset.node)];
    for (const cell of row.querySelectorAll("[data-field]")) cell.textContent = texts[cell.dataset.field];
  }
}
