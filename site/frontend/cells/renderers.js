// Rich output: Python in the worker emits events (e.g. show(v) emits "graph"); features register
// how each kind is drawn in an Output log. Unknown kinds are ignored; a payload a renderer cannot
// draw is reported in the Output.

const renderers = new Map();

export function registerOutputRenderer(kind, render) {
  renderers.set(kind, render);
}

// output: the Output log's API (createOutput); payload: the event's JSON data.
export function renderEvent(output, kind, payload) {
  const render = renderers.get(kind);
  if (!render) return;
  output.flush?.(); // text printed before the event stays above it
  const holder = document.createElement("div");
  holder.className = `bp-output__rich bp-output__${kind}`;
  output.element.append(holder);
  // Python can emit anything (backprop_bridge.emit is reachable from a cell): say so, do not throw,
  // whether the renderer fails at once or later (renderers fetched on first use return a promise).
  const fail = (error) => {
    holder.remove();
    output.error(`Could not show this ${kind}: ${error?.message || error}`);
  };
  try {
    Promise.resolve(render(holder, payload)).catch(fail);
  } catch (error) {
    fail(error);
  }
}
