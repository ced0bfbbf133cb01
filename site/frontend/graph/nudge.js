// Nudges: a number field per input (a leaf that is not a constant); the engine recomputes the graph in the worker, and
// the widget sets the output's actual change beside the prediction sum(grad × nudge).
// Python starts on the first nudge, not because a diagram is on the page.

import { button } from "../dom.js";
import { failure } from "../worker/protocol.js";
import { python } from "../worker-client/client.js";

const DELAY_MS = 120;
const MANY = 8;

// base: the diagram as built (its grads make the prediction); onGraph(graph) shows a recomputed one.
export function createNudge(parent, { base, onGraph }) {
  const client = python();
  const box = document.createElement("div");
  box.className = "bp-nudge";
  box.setAttribute("role", "group");
  const out = base.names[base.output];
  box.setAttribute("aria-label", `Nudge the inputs of ${out}`);
  const fields = document.createElement("div");
  fields.className = "bp-nudge__fields";
  const status = document.createElement("p");
  status.className = "bp-nudge__status";
  status.setAttribute("role", "status");
  const result = document.createElement("p");
  result.className = "bp-nudge__result";
  result.setAttribute("aria-live", "polite");
  box.append(fields, status, result);
  parent.append(box);

  if (!base.replayable) {
    status.textContent = "This graph uses an operation that nudges cannot recompute.";
    return { element: box };
  }
  const title = document.createElement("span");
  title.className = "bp-nudge__title";
  title.textContent = "Nudge:";
  fields.append(title);
  // Many inputs (a neuron's weights, say) fold away so they do not push the film off screen.
  let holder = fields;
  if (base.inputs.length > MANY) {
    const more = document.createElement("details");
    more.className = "bp-nudge__more";
    const summary = document.createElement("summary");
    summary.textContent = `${base.inputs.length} inputs`;
    holder = document.createElement("div");
    holder.className = "bp-nudge__fields";
    more.append(summary, holder);
    fields.append(more);
  }
  // Named inputs first; each starts at its value as the diagram shows it (four digits).
  const leaves = [...base.inputs].sort((i, j) => unnamed(base, i) - unnamed(base, j) || i - j);
  const inputs = leaves.map((i) => {
    const label = document.createElement("label");
    label.className = "bp-nudge__field";
    const name = document.createElement("span");
    name.textContent = base.names[i];
    const input = document.createElement("input");
    input.type = "number";
    input.step = "0.1";
    input.value = base.texts[i].data;
    input.defaultValue = input.value;
    input.dataset.node = String(i);
    input.addEventListener("input", () => schedule());
    for (const type of ["pointerdown", "keydown"]) input.addEventListener(type, () => startPython(), { once: true });
    label.append(name, input);
    holder.append(label);
    return input;
  });
  const reset = button("Reset values", "bp-nudge__reset", () => {
    inputs.forEach((input) => (input.value = input.defaultValue));
    schedule();
  });
  holder.append(reset);

  let timer = null;
  let pending = false;
  let latest = 0;
  const describeState = () => {
    const words = {
      idle: `Change an input to see how ${out} responds (this starts Python).`,
      loading: "Python is loading… nudges will be computed when it is ready.",
      error: `Python failed to load (${client.detail}); nudges need it.`,
    };
    status.textContent = words[client.state] ?? "";
    box.dataset.python = client.state;
  };
  client.addEventListener("state", describeState);
  client.addEventListener("restart", describeState);
  describeState();

  function startPython() {
    if (client.state === "idle") client.start();
    describeState();
  }

  function schedule() {
    startPython();
    clearTimeout(timer);
    timer = setTimeout(recompute, DELAY_MS);
  }

  async function recompute() {
    const values = [];
    for (const input of inputs) {
      const x = input.valueAsNumber;
      if (Number.isFinite(x) && input.value !== input.defaultValue) values.push([Number(input.dataset.node), x]);
    }
    if (!values.length) {
      result.textContent = "";
      box.dataset.state = "base";
      return onGraph(base);
    }
    const ticket = ++latest;
    pending = true;
    box.dataset.state = "computing";
    let answer;
    try {
      const { nodes, edges, output, names, unnamed } = base; // what the worker needs to replay the graph
      const graph = { nodes, edges, output, names, unnamed, ...(base.class ? { class: base.class } : {}) };
      answer = await client.call("graph", "nudge", { graph, values });
    } catch (error) {
      answer = failure("Unavailable", error.message);
    }
    pending = false;
    if (ticket !== latest) return;
    if (!answer?.ok) {
      box.dataset.state = "error";
      result.textContent = `Could not recompute: ${answer?.error?.message || "Python stopped"}`;
      return;
    }
    box.dataset.state = "done";
    onGraph(answer.graph);
    const { before, after, change, prediction: predicted } = answer.text;
    const prediction = answer.terms.map((t) => `${t.grad_text} × ${t.nudge_text}`).join(" + ");
    const grads = answer.terms.map((t) => `${base.names[t.leaf]}.grad × Δ${base.names[t.leaf]}`).join(" + ");
    result.replaceChildren(
      line("bp-nudge__actual", `${out} went from ${before} to ${after}: actual change ${change}.`),
      line("bp-nudge__predicted", `Prediction ${grads} = ${prediction} = ${predicted}.`),
    );
  }

  return { element: box, get pending() { return pending; } };
}

function unnamed(graph, i) {
  return graph.unnamed.includes(i) ? 1 : 0;
}

function line(className, text) {
  const span = document.createElement("span");
  span.className = className;
  span.textContent = text;
  return span;
}
