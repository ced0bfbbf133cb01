// Where everything goes: dagre lays the graph out left to right (inputs left, output right), or
// top to bottom (inputs above, output below) when that fits a narrow column better.
// Each value with an operation gets an operation node just before it, as in micrograd's draw_dot;
// edges from children into that operation node carry labels (local gradients, contributions),
// and dagre reserves room for them so no label covers a node or another label.

import dagre from "@dagrejs/dagre";

const SPACING = { rankdir: "LR", nodesep: 12, ranksep: 24, edgesep: 10, marginx: 10, marginy: 10 };

// graph: the diagram data; sizes: {value(i), op(i), label(k)} -> {width, height}; direction: "LR" | "TB".
export function layoutGraph(graph, sizes, direction = "LR") {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ ...SPACING, rankdir: direction });
  g.setDefaultEdgeLabel(() => ({}));
  const hasOp = graph.nodes.map(() => false);
  for (const e of graph.edges) hasOp[e.to] = true;
  graph.nodes.forEach((node, i) => {
    g.setNode(`v${i}`, { ...sizes.value(i) });
    if (hasOp[i]) {
      g.setNode(`o${i}`, { ...sizes.op(i) });
      g.setEdge(`o${i}`, `v${i}`, { width: 0, height: 0, minlen: 1 }, `op${i}`);
    }
  });
  graph.edges.forEach((e, k) => {
    g.setEdge(`v${e.from}`, `o${e.to}`, { ...sizes.label(k), labelpos: "c", minlen: 1 }, `e${k}`);
  });
  dagre.layout(g);

  const box = (name) => {
    const n = g.node(name);
    return { x: n.x - n.width / 2, y: n.y - n.height / 2, width: n.width, height: n.height };
  };
  const { width, height } = g.graph();
  return {
    direction,
    width: Math.ceil(width),
    height: Math.ceil(height),
    values: graph.nodes.map((_, i) => box(`v${i}`)),
    ops: graph.nodes.map((_, i) => (hasOp[i] ? box(`o${i}`) : null)),
    edges: graph.edges.map((e, k) => {
      const edge = g.edge({ v: `v${e.from}`, w: `o${e.to}`, name: `e${k}` });
      // dagre places only labels with a size; an edge from a constant has none, so use its middle.
      const middle = edge.points[Math.floor(edge.points.length / 2)];
      return { points: edge.points, label: { x: edge.x ?? middle.x, y: edge.y ?? middle.y } };
    }),
    opEdges: graph.nodes.map((_, i) => (hasOp[i] ? { points: g.edge({ v: `o${i}`, w: `v${i}`, name: `op${i}` }).points } : null)),
  };
}
