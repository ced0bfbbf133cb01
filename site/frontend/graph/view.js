// What the diagram shows at rest, in a frame of a film, and while paths are highlighted.
// Every number, and its text, is one the engine's Python produced (build-time trace or worker);
// this file only picks which to show.

// Short labels stay on one or two lines; long numbers get a line each, to keep the graph narrow.
// An arrow from a constant shows nothing: a constant gets no gradient.
export function restLabel(graph, k) {
  const edge = graph.edges[k];
  if (graph.constants.includes(edge.from)) return [];
  const local = edge.local_text;
  return local.length <= 3 ? [`local ${local}`] : ["local", local];
}
export function filmLabel(step) {
  const { local, upstream, contribution } = step.text;
  const product = `${local} × ${upstream}`;
  return product.length <= 9 ? [product, `= ${contribution}`] : [local, `× ${upstream}`, `= ${contribution}`];
}

// Every label (list of lines) an edge may show, so layout reserves room for the biggest.
export function edgeTexts(graph) {
  const texts = graph.edges.map((_, k) => [restLabel(graph, k)]);
  for (const frame of graph.film.backward) for (const step of frame.edges || []) texts[step.edge].push(filmLabel(step));
  return (k) => texts[k];
}

// Every number a node may show (so its box is wide enough for all of them).
export function nodeNumbers(graph) {
  const numbers = graph.texts.map((t) => [t.data, t.grad]);
  for (const frame of graph.film.backward) for (const [i, , text] of frame.set) numbers[i].push(text);
  return (i) => numbers[i];
}

// view: null (rest: the values as traced) or {mode: "forward" | "backward", frame}.
export function displayState(graph, view) {
  const nodes = graph.texts.map((t) => ({ data: t.data, grad: t.grad }));
  const edges = graph.edges.map((_, k) => ({ lines: restLabel(graph, k) }));
  if (!view) return { nodes, edges, caption: null };
  const frames = graph.film[view.mode];
  const frame = frames[view.frame];
  if (view.mode === "forward") {
    // Nodes are in topological order, so frame k has computed nodes 0 .. k-1.
    nodes.forEach((s, i) => {
      if (i < view.frame) s.grad = "0";
      else Object.assign(s, { data: "?", grad: "?", pending: true });
    });
    graph.edges.forEach((e, k) => {
      if (e.to >= view.frame) edges[k].hidden = true;
    });
    for (const k of frame.edges || []) edges[k].active = true;
  } else {
    const grads = graph.texts.map((t) => t.grad);
    for (const f of frames.slice(0, view.frame + 1)) for (const [i, , text] of f.set) grads[i] = text;
    nodes.forEach((s, i) => (s.grad = grads[i]));
    for (const f of frames.slice(2, view.frame + 1)) {
      for (const step of f.edges) Object.assign(edges[step.edge], { lines: filmLabel(step), done: true });
    }
    if (view.frame >= 1) for (const [i] of frame.set) nodes[i].changed = true;
    for (const step of frame.edges || []) edges[step.edge].active = true;
  }
  if (frame.node !== undefined) nodes[frame.node].active = true;
  return { nodes, edges, caption: frame.caption };
}

// Marks every node and edge on a path from node `from` to the output (all edges out of the
// nodes reachable from it lead on to the output); the rest is marked off-path.
export function markPaths(graph, state, from, pinned) {
  const parents = graph.nodes.map(() => []);
  graph.edges.forEach((e, k) => parents[e.from].push(k));
  const reached = new Set([from]);
  const stack = [from];
  while (stack.length) {
    for (const k of parents[stack.pop()]) {
      const to = graph.edges[k].to;
      if (!reached.has(to)) {
        reached.add(to);
        stack.push(to);
      }
    }
  }
  state.nodes.forEach((s, i) => {
    s.onPath = reached.has(i);
    s.offPath = !s.onPath;
    s.opOnPath = i !== from;
    s.pinned = pinned && i === from;
  });
  state.edges.forEach((s, k) => {
    s.onPath = reached.has(graph.edges[k].from);
    s.offPath = !s.onPath;
  });
  return state;
}
